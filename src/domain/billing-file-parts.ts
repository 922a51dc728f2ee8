/**
 * AWS writes a large month as several files (the legacy CUR's numbered parts listed in the month's
 * manifest, several Parquet files of one Data Exports billing period): read together, they make the
 * month. Parts of one month come from one export, so they share its format and its columns; a file that
 * differs belongs to another export, and adding it would count a month twice or mix two exports.
 */

import { formatMonthLong } from './calendar-labels.ts';

export interface BillingFilePart {
  /** What a person recognises: the uploaded file name, the zip entry or the S3 key. */
  label: string;
  /** The export format read from the file's columns (legacy CUR, CUR 2.0, FOCUS, …). */
  format: string;
  columns: string[];
  /** 'YYYY-MM-01' of each billing period the file holds. */
  billingPeriods: string[];
}

const FORMAT_NAMES: Record<string, string> = {
  'cur-legacy-csv': 'a legacy CUR',
  'cur-athena': 'a legacy CUR (Athena columns)',
  cur2: 'a CUR 2.0 export',
  focus: 'a FOCUS export',
};

const LISTED = 3;

function listed(names: string[]): string {
  const shown = names.slice(0, LISTED).join(', ');
  return names.length > LISTED ? `${shown} and ${names.length - LISTED} more` : shown;
}

/**
 * Why `part` cannot make a month together with the parts read before it, or undefined when it can: the
 * first earlier part sharing one of its billing periods must have its format and its columns (in any order).
 */
export function whyPartDoesNotFit(earlier: BillingFilePart[], part: BillingFilePart): string | undefined {
  const sibling = earlier.find((other) => other.billingPeriods.some((p) => part.billingPeriods.includes(p)));
  if (!sibling) return undefined;
  const month = formatMonthLong(
    sibling.billingPeriods.find((period) => part.billingPeriods.includes(period)) ?? '',
  );
  const sameMonth = `${part.label} and ${sibling.label} both hold ${month}`;
  if (sibling.format !== part.format) {
    const formatOf = (format: string) => FORMAT_NAMES[format] ?? format;
    return `${sameMonth}, but ${part.label} is ${formatOf(part.format)} and ${sibling.label} ${formatOf(sibling.format)}: the parts of one month come from one export. Nothing was changed.`;
  }
  const theirs = new Set(sibling.columns);
  const ours = new Set(part.columns);
  const added = part.columns.filter((column) => !theirs.has(column));
  const missing = sibling.columns.filter((column) => !ours.has(column));
  if (added.length === 0 && missing.length === 0) return undefined;
  const differences = [
    added.length > 0 ? `${part.label} has ${listed(added)}, which ${sibling.label} lacks` : '',
    missing.length > 0 ? `${part.label} lacks ${listed(missing)}, which ${sibling.label} has` : '',
  ].filter(Boolean);
  return `${sameMonth}, but not the same columns (${differences.join('; ')}): the parts of one month come from one export with one set of columns. Nothing was changed.`;
}
