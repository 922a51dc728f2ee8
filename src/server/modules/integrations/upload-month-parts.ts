import fs from 'node:fs';
import { type BillingFilePart, whyPartDoesNotFit } from '../../../domain/billing-file-parts.ts';
import { formatMonthLong } from '../../../domain/calendar-labels.ts';
import {
  baseName,
  type ExportManifest,
  isManifestFileName,
  type KeptMonth,
  looksLikePartOf,
  readExportManifest,
  summarizeMonthParts,
  whyNotAPartOf,
} from '../../../domain/export-month-parts.ts';
import { ApiError, badRequest } from '../../plugins/errors.ts';
import {
  BillingFileError,
  openBillingFile,
  type ReadBillingFileOptions,
} from '../cost-data/billing-files/index.ts';
import type { KeptMonthParts, PartFile } from './kept-month-parts.ts';

/** Whether a part of a month already kept adds to it or replaces it: the person's answer. */
export type PartsChoice = 'add' | 'replace';

/** The largest manifest read: AWS's list a month's parts and columns in a few kilobytes. */
const MAX_MANIFEST_BYTES = 1024 * 1024;

/** The upload's manifests read and set apart from its billing files; a JSON that is not one is refused. */
export function separateManifests(files: PartFile[]): {
  billingFiles: PartFile[];
  manifests: ExportManifest[];
} {
  const billingFiles: PartFile[] = [];
  const manifests: ExportManifest[] = [];
  for (const file of files) {
    if (!isManifestFileName(file.label)) {
      billingFiles.push(file);
      continue;
    }
    let read: ReturnType<typeof readExportManifest>;
    try {
      if (fs.statSync(file.path).size > MAX_MANIFEST_BYTES) throw new Error('it is larger than 1 MB');
      read = readExportManifest(JSON.parse(fs.readFileSync(file.path, 'utf8')));
    } catch (error) {
      read = { refused: error instanceof SyntaxError ? 'it is not JSON' : (error as Error).message };
    }
    if ('refused' in read)
      throw badRequest(`file: ${file.label} is not an AWS billing export manifest: ${read.refused}.`);
    fs.rmSync(file.path);
    manifests.push(read);
  }
  for (const file of billingFiles) {
    const listing = manifests.find((manifest) => manifest.parts.includes(baseName(file.label)));
    if (manifests.length > 0 && !listing)
      throw badRequest(
        `file: ${file.label} is not one of the parts the uploaded manifest lists (${manifests.flatMap((m) => m.parts).join(', ')}): it belongs to another export.`,
      );
  }
  return { billingFiles, manifests };
}

/** Reads a file's format, columns and months (a DuckDB pass), refusing a broken file with its reason. */
async function probe(file: PartFile, options: ReadBillingFileOptions): Promise<BillingFilePart> {
  try {
    const opened = await openBillingFile(file.path, options);
    try {
      const { summary } = opened;
      return {
        label: file.label,
        format: summary.format,
        columns: opened.columns,
        billingPeriods: summary.billingPeriods,
      };
    } finally {
      opened.close();
    }
  } catch (error) {
    if (error instanceof BillingFileError) throw badRequest(`file: ${file.label}: ${error.message}`);
    throw error;
  }
}

/** A file's format, columns and months, or nothing when it cannot be read as a billing file. */
async function probeOrUndefined(file: PartFile, options: ReadBillingFileOptions) {
  try {
    return await probe(file, options);
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}

const monthsOf = (periods: string[]) => periods.map(formatMonthLong).join(', ');

export interface UploadParts {
  integrationId: string;
  /** The upload's own folder: kept parts are linked into it when the upload adds to them. */
  folder: string;
  billingFiles: PartFile[];
  manifests: ExportManifest[];
  choice: PartsChoice | undefined;
}

/**
 * The files the upload's run reads. A file holding a month whose parts were kept from an earlier upload,
 * and named like another part of it, makes the person choose first (409): `add` reads the month's kept
 * parts with it, after refusing a part of another month, delivery or export (400); `replace` reads it
 * alone, as an upload always did. Nothing kept changes here: only a run that replaced its month does.
 */
export async function filesToRead(
  kept: KeptMonthParts,
  upload: UploadParts,
  readOptions: ReadBillingFileOptions,
): Promise<PartFile[]> {
  const { integrationId, billingFiles, manifests, choice } = upload;
  const keptMonths = kept.list(integrationId);
  if (keptMonths.length === 0 || choice === 'replace') return billingFiles;
  const monthOf = (period: string) => keptMonths.find((month) => month.billingPeriod === period);
  if (choice === undefined) {
    // Adding and replacing differ only where a kept part is not sent again: a part under a kept part's
    // name is that part again, and an upload of every kept part is the month whole. Only a file named
    // like a new part of a kept month is read first; one that cannot be read is no part, and its run
    // fails naming why, as any upload's does.
    const sent = new Set(billingFiles.map((file) => baseName(file.label)));
    const keptNames = (month: KeptMonth) => month.parts.map(baseName);
    const isNewPartOf = (month: KeptMonth, label: string) =>
      !keptNames(month).includes(baseName(label)) && looksLikePartOf(month, label);
    for (const file of billingFiles) {
      if (!keptMonths.some((month) => isNewPartOf(month, file.label))) continue;
      const part = await probeOrUndefined(file, readOptions);
      const month = part?.billingPeriods
        .map(monthOf)
        .find(
          (kept) => kept && isNewPartOf(kept, file.label) && keptNames(kept).some((name) => !sent.has(name)),
        );
      if (!month) continue;
      const { sentence } = summarizeMonthParts(month);
      throw new ApiError(
        409,
        'PartOfKeptMonth',
        `file: ${file.label} looks like another part of ${formatMonthLong(month.billingPeriod)}, which holds parts from an earlier upload (${sentence}). Add it to the month, or replace the month with it.`,
      );
    }
    return billingFiles;
  }
  const probed: BillingFilePart[] = [];
  for (const file of billingFiles) probed.push(await probe(file, readOptions));
  const added = new Map<string, KeptMonth>();
  for (const part of probed) {
    const [period, ...others] = part.billingPeriods;
    if (!period || others.length > 0)
      throw badRequest(`file: ${part.label} holds ${monthsOf(part.billingPeriods)}: a part holds one month.`);
    const month = monthOf(period);
    if (!month)
      throw badRequest(
        `file: ${part.label} holds ${formatMonthLong(period)}, but the parts kept from earlier uploads are of ${monthsOf(keptMonths.map((m) => m.billingPeriod))}: it adds to no month. Upload it without adding.`,
      );
    const uploadedManifest = manifests.find((manifest) => manifest.billingPeriod === period) ?? null;
    const why = whyNotAPartOf(month, part.label, uploadedManifest);
    if (why) throw badRequest(`file: ${why}`);
    const [keptPart] = kept.filesOf(integrationId, period);
    if (keptPart) {
      const misfit = whyPartDoesNotFit([await probe(keptPart, readOptions)], part);
      if (misfit) throw badRequest(`file: ${misfit}`);
    }
    added.set(period, month);
  }
  const reuploaded = new Set(billingFiles.map((file) => file.label));
  const keptFiles = [...added.keys()].flatMap((period) =>
    kept.linkInto(integrationId, period, upload.folder, reuploaded),
  );
  // The month keeps its manifest unless this upload brought one of its own.
  for (const month of added.values())
    if (month.manifest && !manifests.some((manifest) => manifest.billingPeriod === month.billingPeriod))
      manifests.push(month.manifest);
  return [...keptFiles, ...billingFiles];
}
