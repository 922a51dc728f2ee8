/**
 * How Spendguard tells that files uploaded one after another are parts of one export's month
 * (decision 085): AWS numbers the parts (`report-1.csv.gz`, `…-00001.snappy.parquet`) and the month's
 * manifest lists them under one assembly (legacy CUR `assemblyId`, Data Exports `executionId`).
 */

import { isIsoDay } from './calendar-days.ts';
import { formatMonthLong } from './calendar-labels.ts';

/** What a month's manifest says: its delivery, its billing period and the file names of its parts. */
export interface ExportManifest {
  /** The legacy CUR's assemblyId or a Data Export's executionId: one delivery of the whole month. */
  assemblyId: string | null;
  /** 'YYYY-MM-01'. */
  billingPeriod: string;
  /** The parts' file names (the last segment of each key), in the manifest's order. */
  parts: string[];
}

/** A manifest file's name as AWS writes it (`report-Manifest.json`, `Manifest.json`). */
export const isManifestFileName = (name: string) => /manifest\.json$/i.test(name);

/** A part's file name: the last segment of an S3 key, a zip entry's path or an upload's label. */
export const baseName = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/**
 * 'YYYY-MM-01' of `20261001T000000.000Z` (legacy) or `2026-10-01T00:00:00.000Z` (Data Exports);
 * undefined unless it is a real month.
 */
function periodOf(start: unknown): string | undefined {
  const match = typeof start === 'string' ? /^(\d{4})-?(\d{2})/.exec(start) : null;
  const period = match ? `${match[1]}-${match[2]}-01` : undefined;
  return period && isIsoDay(period) ? period : undefined;
}

/** The manifest's content, or why it is not an AWS billing export manifest. */
export function readExportManifest(json: unknown): ExportManifest | { refused: string } {
  if (typeof json !== 'object' || json === null) return { refused: 'it is not a JSON object' };
  const manifest = json as Record<string, unknown>;
  const keys = manifest.reportKeys ?? manifest.dataFiles;
  if (!Array.isArray(keys) || !keys.every((key) => typeof key === 'string'))
    return { refused: 'it lists no reportKeys (legacy CUR) or dataFiles (Data Exports)' };
  const billingPeriod = periodOf((manifest.billingPeriod as { start?: unknown } | undefined)?.start);
  if (!billingPeriod) return { refused: 'its billingPeriod.start is not a month (YYYY-MM)' };
  const assembly = manifest.assemblyId ?? manifest.executionId;
  return {
    assemblyId: typeof assembly === 'string' ? assembly : null,
    billingPeriod,
    parts: keys.map((key) => baseName(key as string)),
  };
}

const NUMBERED_PART = /^(.*?)[-_](\d+)((?:\.snappy)?\.parquet|\.csv(?:\.gz|\.zip)?)$/i;

/** A part's number and the name it shares with its siblings, when AWS's numbering is in its name. */
export function numberedPartOf(fileName: string): { stem: string; number: number } | undefined {
  const match = NUMBERED_PART.exec(baseName(fileName));
  if (!match) return undefined;
  return { stem: `${match[1]}${match[3]}`.toLowerCase(), number: Number(match[2]) };
}

/** A month's parts kept from earlier uploads, and its manifest when one came. */
export interface KeptMonth {
  billingPeriod: string;
  parts: string[];
  manifest: ExportManifest | null;
}

/**
 * Whether a file holding a kept month looks like another part of it rather than the month whole: its
 * month's manifest lists it, or it is numbered like the kept parts (same name but for the number).
 */
export function looksLikePartOf(month: KeptMonth, fileName: string): boolean {
  if (month.manifest?.parts.includes(baseName(fileName))) return true;
  const part = numberedPartOf(fileName);
  return part !== undefined && month.parts.some((kept) => numberedPartOf(kept)?.stem === part.stem);
}

/**
 * Why `fileName` cannot add to the kept month, or undefined when it can: a part the month's manifest
 * does not list, or an upload whose manifest is another delivery (assembly) of the month, would count
 * line items twice.
 */
export function whyNotAPartOf(
  month: KeptMonth,
  fileName: string,
  uploadedManifest: ExportManifest | null,
): string | undefined {
  const monthName = formatMonthLong(month.billingPeriod);
  const kept = month.manifest;
  if (kept && uploadedManifest && kept.assemblyId !== uploadedManifest.assemblyId)
    return `the manifest uploaded is of assembly ${uploadedManifest.assemblyId ?? 'unnamed'}, but the parts kept of ${monthName} are of assembly ${kept.assemblyId ?? 'unnamed'}: parts of two deliveries of one month would count it twice. Replace the month instead.`;
  const listing = uploadedManifest ?? kept;
  if (listing && !listing.parts.includes(baseName(fileName)))
    return `${fileName} is not one of the parts the manifest of ${monthName} lists (${listing.parts.join(', ')}): it belongs to another export.`;
  return undefined;
}

/** A month's parts as the upload screen shows them, the missing ones named when a manifest lists them. */
export interface MonthPartsSummary {
  billingPeriod: string;
  parts: string[];
  expected: string[] | null;
  missing: string[];
  /** "October 2026: parts 1, 2 of 3 — part 3 missing". */
  sentence: string;
}

function partNames(names: string[], all: string[]): string {
  const numbers = names.map(
    (name) => numberedPartOf(name)?.number ?? all.map(baseName).indexOf(baseName(name)) + 1,
  );
  return `${names.length === 1 ? 'part' : 'parts'} ${numbers.join(', ')}`;
}

export function summarizeMonthParts(month: KeptMonth): MonthPartsSummary {
  const monthName = formatMonthLong(month.billingPeriod);
  const expected = month.manifest?.parts ?? null;
  const sorted = [...month.parts].sort(
    (a, b) => (numberedPartOf(a)?.number ?? 0) - (numberedPartOf(b)?.number ?? 0) || a.localeCompare(b),
  );
  const present = new Set(month.parts.map(baseName));
  const missing = expected ? expected.filter((name) => !present.has(name)) : [];
  const all = expected ?? sorted;
  let sentence: string;
  if (sorted.length === 0)
    sentence = `${monthName}: the manifest lists ${expected?.length ?? 0} parts; none is uploaded yet`;
  else if (!expected)
    sentence = sorted.every((name) => numberedPartOf(name))
      ? `${monthName}: ${partNames(sorted, all)}; no manifest names how many there are`
      : `${monthName}: ${sorted.length === 1 ? 'one file' : `${sorted.length} files`}`;
  else if (missing.length === 0) sentence = `${monthName}: all ${expected.length} parts`;
  else
    sentence = `${monthName}: ${partNames(sorted, all)} of ${expected.length} — ${partNames(missing, all)} missing`;
  return { billingPeriod: month.billingPeriod, parts: sorted, expected, missing, sentence };
}
