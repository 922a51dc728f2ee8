import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { DailyCostFact } from './daily-cost-fact.ts';
import { streamDailyCostFacts } from './daily-cost-fact-rows.ts';
import { quoteLiteral } from './sql-text.ts';

/**
 * The facts' columns in a facts file, in order, after the caller's leading fields: the names of the
 * reader's facts table, which are the staging table's too.
 */
export const DAILY_COST_FACT_FILE_COLUMNS = [
  'billing_period',
  'usage_date',
  'provider',
  'billing_account_id',
  'usage_account_id',
  'usage_account_name',
  'service_code',
  'service_name',
  'region',
  'usage_type',
  'charge_type',
  'resource_id',
  'tags',
  'currency',
  'unblended_cost',
  'amortized_cost',
  'net_cost',
  'usage_quantity',
  'line_items',
] as const;

/**
 * A part of a file's facts handed to the database: a CSV file DuckDB wrote (PostgreSQL's CSV format:
 * an unquoted empty field is null, `""` an empty text), or facts as objects when their text must be
 * cleaned before it is stored (decision 129).
 */
export type DailyCostFactPart =
  | { kind: 'file'; path: string; facts: number }
  | { kind: 'facts'; facts: DailyCostFact[] };

export interface DailyCostFactFileOptions {
  /** Written before each fact's columns, as text (the run a staged fact belongs to). */
  leadingFields: string[];
  /**
   * The longest text the database stores as is (in UTF-16 code units, as storableText counts): a fact
   * with a longer text, a control character, or a tag that might be either, comes as an object.
   */
  maxTextLength: number;
  /** The most facts one file holds: the embedded database reads a file whole. */
  factsPerFile: number;
  batchSize: number;
}

const NOT_NULL_TEXT = [
  'provider',
  'billing_account_id',
  'usage_account_id',
  'service_code',
  'service_name',
  'region',
  'usage_type',
  'charge_type',
  'currency',
] as const;
const NULLABLE_TEXT = ['usage_account_name', 'resource_id'] as const;
// What storableText replaces: NUL and the control characters but tab, line feed and carriage return.
const UNSTORABLE = `'[\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]'`;

/**
 * True for a fact storableText leaves unchanged, judged without counting UTF-16 code units: a text of at
 * most maxTextLength UTF-8 bytes has at most as many code units; a tag set's JSON with no escape holds
 * no control character, and no run of maxTextLength / 2 characters without a quote means no key or
 * value over maxTextLength code units (a character is at most two). A fact judged otherwise is cleaned
 * in JavaScript, as every fact was before; the judgment errs only that way.
 */
export function storableAsIsSql(maxTextLength: number): string {
  const clean = (column: string) =>
    `strlen(${column}) <= ${maxTextLength} AND NOT regexp_matches(${column}, ${UNSTORABLE})`;
  const longestRun = Math.floor(maxTextLength / 2) + 1;
  return [
    ...NOT_NULL_TEXT.map((column) => `(${column} IS NOT NULL AND ${clean(column)})`),
    ...NULLABLE_TEXT.map((column) => `(${column} IS NULL OR (${clean(column)}))`),
    `(tags IS NOT NULL AND NOT contains(tags, '\\') AND NOT regexp_matches(tags, ${UNSTORABLE})` +
      ` AND NOT regexp_matches(tags, '[^"]{${longestRun}}'))`,
  ].join('\n    AND ');
}

/** Each file's facts: the text each value has as an object (dates, exact decimals as DuckDB writes them). */
function factFileColumnsSql(leadingFields: string[]): string {
  const values: Record<(typeof DAILY_COST_FACT_FILE_COLUMNS)[number], string> = {
    billing_period: "strftime(billing_period, '%Y-%m-%d')",
    usage_date: "strftime(usage_date, '%Y-%m-%d')",
    provider: 'provider',
    billing_account_id: 'billing_account_id',
    usage_account_id: 'usage_account_id',
    usage_account_name: 'usage_account_name',
    service_code: 'service_code',
    service_name: 'service_name',
    region: 'region',
    usage_type: 'usage_type',
    charge_type: 'charge_type',
    resource_id: 'resource_id',
    tags: 'tags',
    currency: 'currency',
    unblended_cost: 'CAST(unblended_cost AS VARCHAR)',
    amortized_cost: 'CAST(amortized_cost AS VARCHAR)',
    net_cost: 'CAST(net_cost AS VARCHAR)',
    usage_quantity: 'CAST(usage_quantity AS VARCHAR)',
    line_items: 'CAST(line_items AS VARCHAR)',
  };
  const leading = leadingFields.map((field, index) => `${quoteLiteral(field)} AS leading_${index}`);
  const columns = DAILY_COST_FACT_FILE_COLUMNS.map((column) => `${values[column]} AS ${column}`);
  return [...leading, ...columns].join(', ');
}

/** The facts of some days, or one share of one day's facts when a day alone holds more than a file. */
interface FileOfDays {
  firstDay: string;
  lastDay: string;
  share?: { of: number; index: number };
}

/** Consecutive days packed into files of at most factsPerFile facts; a larger day split by row. */
async function filesOfDays(
  connection: DuckDBConnection,
  table: string,
  factsPerFile: number,
): Promise<FileOfDays[]> {
  const days = await connection.runAndReadAll(
    `SELECT strftime(usage_date, '%Y-%m-%d') AS day, count(*) AS facts FROM ${table} GROUP BY usage_date ORDER BY usage_date`,
  );
  const files: FileOfDays[] = [];
  let open: { firstDay: string; lastDay: string; facts: number } | undefined;
  for (const row of days.getRowObjectsJS()) {
    const day = String(row.day);
    const facts = Number(row.facts);
    if (facts > factsPerFile) {
      if (open) files.push(open);
      open = undefined;
      const of = Math.ceil(facts / factsPerFile);
      for (let index = 0; index < of; index += 1)
        files.push({ firstDay: day, lastDay: day, share: { of, index } });
    } else if (open && open.facts + facts <= factsPerFile) {
      open.lastDay = day;
      open.facts += facts;
    } else {
      if (open) files.push(open);
      open = { firstDay: day, lastDay: day, facts };
    }
  }
  if (open) files.push(open);
  return files.map(({ firstDay, lastDay, share }) =>
    share ? { firstDay, lastDay, share } : { firstDay, lastDay },
  );
}

/**
 * The facts of the reader's table as CSV files DuckDB writes in `folder`, a few days each, in the order
 * of their billing period and day, with the facts that need cleaning as objects after them. The
 * database loads each file with one COPY, so no fact passes through JavaScript unless it must (decision 129).
 * The caller removes each file once loaded; the folder goes when the reader is closed.
 */
export async function* streamDailyCostFactFiles(
  connection: DuckDBConnection,
  table: string,
  folder: string,
  options: DailyCostFactFileOptions,
): AsyncGenerator<DailyCostFactPart> {
  const storable = storableAsIsSql(options.maxTextLength);
  const columns = factFileColumnsSql(options.leadingFields);
  let written = 0;
  for (const [index, file] of (await filesOfDays(connection, table, options.factsPerFile)).entries()) {
    const filePath = path.join(folder, `facts-${index}.csv`);
    const days = `usage_date BETWEEN DATE ${quoteLiteral(file.firstDay)} AND DATE ${quoteLiteral(file.lastDay)}`;
    const share = file.share ? ` AND rowid % ${file.share.of} = ${file.share.index}` : '';
    const copied = await connection.runAndReadAll(
      `COPY (SELECT ${columns} FROM ${table} WHERE ${days}${share} AND ${storable}
        ORDER BY billing_period, usage_date)
      TO ${quoteLiteral(filePath)} (FORMAT csv, HEADER false)`,
    );
    const facts = Number(copied.getRows()[0]?.[0] ?? 0);
    written += facts;
    if (facts > 0) yield { kind: 'file', path: filePath, facts };
  }
  const counted = await connection.runAndReadAll(`SELECT count(*) FROM ${table}`);
  if (written === Number(counted.getRows()[0]?.[0] ?? 0)) return;
  for await (const facts of streamDailyCostFacts(connection, table, options.batchSize, `NOT (${storable})`)) {
    yield { kind: 'facts', facts };
  }
}
