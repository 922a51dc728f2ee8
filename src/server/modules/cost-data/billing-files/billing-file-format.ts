import path from 'node:path';
import { BillingFileError } from './billing-file-error.ts';
import type { BillingFileSource } from './billing-file-source.ts';
import { athenaColumnName, focusColumnKey } from './column-names.ts';
import type { BillingFileFormat } from './daily-cost-fact.ts';

interface RequiredColumn {
  /** How the column is looked up (Athena snake_case for AWS, the FOCUS name otherwise). */
  name: string;
  /** How a legacy CUR CSV spells it, for messages about such a file. */
  legacyName?: string;
  /** Other columns that serve the same purpose when this one is absent. */
  alternatives?: string[];
}

const CUR_REQUIRED: RequiredColumn[] = [
  { name: 'line_item_usage_start_date', legacyName: 'lineItem/UsageStartDate' },
  { name: 'line_item_usage_account_id', legacyName: 'lineItem/UsageAccountId' },
  {
    name: 'line_item_product_code',
    legacyName: 'lineItem/ProductCode',
    alternatives: ['product_servicecode'],
  },
  { name: 'line_item_line_item_type', legacyName: 'lineItem/LineItemType' },
  { name: 'line_item_unblended_cost', legacyName: 'lineItem/UnblendedCost' },
];

const FOCUS_REQUIRED: RequiredColumn[] = [
  'ChargePeriodStart',
  'BilledCost',
  'EffectiveCost',
  'BillingCurrency',
  'ChargeCategory',
  'ServiceName',
].map((name) => ({ name }));

/** CUR 2.0 has map columns and two account-name columns the legacy report never had. */
const CUR2_ONLY = ['product', 'resource_tags', 'line_item_usage_account_name', 'bill_payer_account_name'];

/**
 * Which billing export a file is, from its columns. A file that is not a billing export, or one that
 * lacks a column the facts need, is refused with the columns it is missing.
 */
export function classifyBillingFileColumns(source: BillingFileSource): BillingFileFormat {
  const names = source.columns.map((column) => column.name);
  const curNames = new Set(names.map(athenaColumnName));
  const focusNames = new Set(names.map(focusColumnKey));
  const curMissing = CUR_REQUIRED.filter(
    (column) => ![column.name, ...(column.alternatives ?? [])].some((name) => curNames.has(name)),
  );
  const focusMissing = FOCUS_REQUIRED.filter((column) => !focusNames.has(focusColumnKey(column.name)));
  const legacyCsv = names.some((name) => name.startsWith('lineItem/'));

  if (curMissing.length === 0) {
    if (legacyCsv) return 'cur-legacy-csv';
    return CUR2_ONLY.some((name) => curNames.has(name)) ? 'cur2' : 'cur-athena';
  }
  if (focusMissing.length === 0) return 'focus';

  const file = path.basename(source.file);
  const curFound = CUR_REQUIRED.length - curMissing.length;
  const focusFound = FOCUS_REQUIRED.length - focusMissing.length;
  if (curFound === 0 && focusFound === 0) {
    throw new BillingFileError(
      `${file} is not a billing export: it has none of the columns of an AWS Cost and Usage Report ` +
        `(${CUR_REQUIRED.map((column) => column.legacyName).join(', ')} or their snake_case names) ` +
        `or of a FOCUS export (${FOCUS_REQUIRED.map((column) => column.name).join(', ')}). ` +
        `Its first columns are: ${names.slice(0, 5).join(', ')}.`,
      { file: source.file },
    );
  }
  const looksLikeCur = curFound / CUR_REQUIRED.length >= focusFound / FOCUS_REQUIRED.length;
  const missing = (looksLikeCur ? curMissing : focusMissing).map((column) =>
    legacyCsv && column.legacyName ? column.legacyName : column.name,
  );
  const kind = looksLikeCur ? 'an AWS Cost and Usage Report' : 'a FOCUS export';
  throw new BillingFileError(
    `${file} looks like ${kind} but lacks required column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`,
    { file: source.file, column: missing[0] },
  );
}

/** The file's own names of the columns its format requires (a reader cannot do without them). */
export function requiredSourceColumns(source: BillingFileSource, format: BillingFileFormat): string[] {
  const required = format === 'focus' ? FOCUS_REQUIRED : CUR_REQUIRED;
  const keyOf = format === 'focus' ? focusColumnKey : athenaColumnName;
  const wanted = (column: RequiredColumn) =>
    new Set([column.name, ...(column.alternatives ?? [])].map((name) => keyOf(name)));
  return required.flatMap((column) => {
    const keys = wanted(column);
    const found = source.columns.find((sourceColumn) => keys.has(keyOf(sourceColumn.name)));
    return found ? [found.name] : [];
  });
}
