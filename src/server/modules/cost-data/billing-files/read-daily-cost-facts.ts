import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { BillingFileError } from './billing-file-error.ts';
import { type BillingFileSource, withNullPadding } from './billing-file-source.ts';
import { summarizeDailyCostFacts } from './billing-file-summary.ts';
import { curLineItemProjection } from './cur-line-items.ts';
import type {
  BillCommitments,
  BillingFileFormat,
  BillingFileProgress,
  BillingFileSummary,
  DailyCostFact,
  MonthlyResourceCost,
} from './daily-cost-fact.ts';
import {
  type DailyCostFactFileOptions,
  type DailyCostFactPart,
  streamDailyCostFactFiles,
} from './daily-cost-fact-files.ts';
import { streamDailyCostFacts, streamMonthlyResourceCosts } from './daily-cost-fact-rows.ts';
import {
  factsFromGroupsSql,
  groupedByStoredTagsSql,
  lineItemsSql,
  tagSetsMergeSql,
  tagSetsSql,
} from './daily-cost-facts-sql.ts';
import {
  type DayRange,
  dayRangeCondition,
  dayRangesOf,
  daysIn,
  type FirstRangeGrouped,
  lineItemsOf,
  rangesAfterFirst,
  rangesOfLength,
} from './day-ranges.ts';
import { duckDbReason, isOutOfMemory, translateDuckDbError } from './duckdb-error-translation.ts';
import { DEFAULT_MEMORY_LIMIT, type DuckDbSessionOptions, openDuckDbSession } from './duckdb-session.ts';
import { focusLineItemProjection } from './focus-line-items.ts';
import { verifyGzipIntegrity } from './gzip-integrity.ts';
import { inspectBillingFile } from './inspect-billing-file.ts';
import type { LineItemProjection } from './line-item-projection.ts';
import { locateBadValue, locateEmptyValue } from './locate-bad-value.ts';
import { assertParquetWithinExpansionLimit, readParquetFooter } from './parquet-footer.ts';
import {
  assertOnlyTrailingColumnsMissing,
  describeNullPadding,
  lastNeededColumn,
  shortRowOf,
} from './ragged-csv-rows.ts';
import { readCommitments } from './read-commitments.ts';
import { runWithScanProgress } from './scan-with-progress.ts';
import { type FactGrain, monthlyResourceCostsSql } from './stored-grain-sql.ts';

export interface ReadBillingFileOptions extends DuckDbSessionOptions {
  onProgress?: (progress: BillingFileProgress) => void;
  /** Facts per yielded batch (the last may be smaller). Default 5,000. */
  batchSize?: number;
  /**
   * The most a gzip file may expand to, and a Parquet file's footer may declare once read (config
   * `UPLOAD_MAX_EXPANDED_BYTES`); unlimited when absent.
   */
  maxExpandedBytes?: number;
  /** Whether every fact keeps its resource (the default) or only EC2 instance hours do, as stored (decision 079). */
  grain?: FactGrain;
  /**
   * The ranges of days the line items are grouped in, one statement each (decision 116), read as given;
   * by default planned from the file's size, one range for a small file, and the ranges after the first
   * fitted to what it grouped (decision 141).
   */
  dayRanges?: readonly DayRange[];
  /** The most tag-set days of commitment usage kept (decision 142); MAX_COMMITMENT_TAG_DAYS by default. */
  maxCommitmentTagDays?: number;
}

/** A billing file reduced to daily facts, held by DuckDB until read out; close it when done. */
export interface OpenedBillingFile {
  readonly summary: BillingFileSummary;
  /** What a person should know about how the file was read (rows shorter than the header). */
  readonly notes: string[];
  /** The file's columns, as its header or schema names them. */
  readonly columns: string[];
  dailyCostFacts(): AsyncGenerator<DailyCostFact[]>;
  /**
   * The same facts as CSV files a database loads with COPY, and as objects those whose text must be
   * cleaned first (decision 129).
   */
  dailyCostFactParts(
    options: Pick<DailyCostFactFileOptions, 'leadingFields' | 'maxTextLength'> &
      Partial<Pick<DailyCostFactFileOptions, 'factsPerFile'>>,
  ): AsyncGenerator<DailyCostFactPart>;
  /** Each resource's cost per billing period and usage type, from a second read of the file (decision 079). */
  monthlyResourceCosts(): AsyncGenerator<MonthlyResourceCost[]>;
  /** The Savings Plans and reservations the bill names, with their amounts per day (decision 098). */
  commitments(): Promise<BillCommitments>;
  close(): void;
}

const FACTS_TABLE = 'daily_cost_facts';
const GROUPS_TABLE = 'grouped_by_stored_tags';
const TAG_SETS_TABLE = 'stored_tag_sets';
const RESOURCE_COSTS_TABLE = 'monthly_resource_costs';
const DEFAULT_BATCH_SIZE = 5_000;
/** About 15 MB of CSV: what the embedded database holds of one file while it loads it (decision 129). */
const DEFAULT_FACTS_PER_FILE = 50_000;
const INTERRUPT_AGAIN_MS = 100;

/**
 * Reads every line item of a billing file once and keeps the daily facts in a private DuckDB, so the
 * summary (billing periods, currencies, totals) is known before the first fact is handed over.
 */
export async function openBillingFile(
  file: string,
  options: ReadBillingFileOptions = {},
): Promise<OpenedBillingFile> {
  const session = await openDuckDbSession(options);
  try {
    const { connection } = session;
    const inspected = await inspectBillingFile(connection, file);
    const { format } = inspected;
    let { source } = inspected;
    let projection = projectionOf(source, format);
    const notes: string[] = [];
    const totalRows =
      source.container === 'parquet'
        ? await parquetRowsWithinLimit(connection, source, options.maxExpandedBytes)
        : null;
    const building = buildFacts(connection, source, projection, totalRows, options);
    const [built, intact] = await Promise.allSettled([
      building,
      source.container === 'csv.gz'
        ? verifyGzipIntegrity(file, options.maxExpandedBytes).catch((error) => {
            // A bomb or a corrupt stream: DuckDB stops reading it instead of going on to its end.
            interruptUntilSettled(connection, building);
            throw error;
          })
        : Promise.resolve(),
    ]);
    // A broken gzip stream explains whatever DuckDB said about the same file.
    if (intact.status === 'rejected') throw intact.reason;
    if (built.status === 'rejected') {
      const short = shortRowOf(built.reason);
      const needed = lastNeededColumn(source, format, projection);
      // Only trailing columns missing, every needed one present: read the rows null-padded and say so.
      if (!short || short.found <= needed.index) throw built.reason;
      await assertOnlyTrailingColumnsMissing(connection, source, needed);
      source = withNullPadding(source);
      projection = projectionOf(source, format);
      await buildFacts(connection, source, projection, totalRows, options);
      notes.push(describeNullPadding(source, short));
    }
    await assertEveryLineItemHasAUsageDay(connection, source, projection);
    const summary = await summarizeDailyCostFacts(connection, FACTS_TABLE, {
      format,
      container: source.container,
    });
    if (summary.lineItems === 0) {
      throw new BillingFileError(`${path.basename(file)} holds no line items.`, { file });
    }
    return {
      summary,
      notes,
      columns: source.columns.map((column) => column.name),
      dailyCostFacts: () => emitFacts(connection, file, summary, options),
      dailyCostFactParts: (parts) =>
        emitFactParts(connection, file, summary, options, {
          factsPerFile: DEFAULT_FACTS_PER_FILE,
          batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
          ...parts,
          folder: session.folder,
        }),
      monthlyResourceCosts: () =>
        emitMonthlyResourceCosts(connection, file, lineItemsSql(source.relation, projection), options),
      commitments: async () => {
        try {
          return await readCommitments(connection, source, format, {
            tagSets: TAG_SETS_TABLE,
            maxTagDays: options.maxCommitmentTagDays,
          });
        } catch (error) {
          throw isOutOfMemory(error) ? translateDuckDbError(error, file) : error;
        }
      },
      close: () => session.close(),
    };
  } catch (error) {
    session.close();
    throw isOutOfMemory(error) ? translateDuckDbError(error, file) : error;
  }
}

/**
 * The facts of one billing file in batches. onSummary is called before the first batch; the generator
 * also returns the summary. The DuckDB behind it is closed when the loop ends, however it ends.
 */
export async function* readDailyCostFacts(
  file: string,
  options: ReadBillingFileOptions & { onSummary?: (summary: BillingFileSummary) => void } = {},
): AsyncGenerator<DailyCostFact[], BillingFileSummary> {
  const opened = await openBillingFile(file, options);
  try {
    options.onSummary?.(opened.summary);
    yield* opened.dailyCostFacts();
    return opened.summary;
  } finally {
    opened.close();
  }
}

function projectionOf(source: BillingFileSource, format: BillingFileFormat): LineItemProjection {
  return format === 'focus' ? focusLineItemProjection(source) : curLineItemProjection(source);
}

async function buildFacts(
  connection: DuckDBConnection,
  source: BillingFileSource,
  projection: LineItemProjection,
  totalRows: number | null,
  options: ReadBillingFileOptions,
): Promise<void> {
  const planned =
    options.dayRanges ?? dayRangesOf(source, totalRows, options.memoryLimit ?? DEFAULT_MEMORY_LIMIT);
  // The facts are grouped and read back in the order they name: DuckDB need not keep the file's order,
  // which lets it spill the grouping to disk. Only for this statement: finding a bad line counts rows in order.
  await connection.run('SET preserve_insertion_order = false');
  let failure: unknown;
  try {
    await groupInRanges(connection, source, projection, totalRows, options, planned);
    await factsFromGroups(connection, projection);
  } catch (error) {
    failure = error;
  }
  await connection.run('RESET preserve_insertion_order');
  if (failure === undefined) return;
  if (/Conversion Error|Could not convert/i.test(duckDbReason(failure))) {
    const located = await locateBadValue(connection, source, projection.castColumns, failure);
    if (located) throw located;
  }
  throw translateDuckDbError(failure, source.file);
}

/**
 * The line items grouped range by range into the groups table, which the first range creates. Ranges a
 * caller gives are read as given; planned ones after the first are fitted to what it grouped, and should a
 * fitted range still need more memory than DuckDB may use, its days and the rest are read again in the
 * planned ranges' length: a failed statement adds nothing to the table (decision 141). Each statement reads
 * the whole file, so the bar gives the first its share of the plan and the others the rest in equal parts.
 */
async function groupInRanges(
  connection: DuckDBConnection,
  source: BillingFileSource,
  projection: LineItemProjection,
  totalRows: number | null,
  options: ReadBillingFileOptions,
  planned: readonly DayRange[],
): Promise<void> {
  const [first, ...plannedRest] = planned;
  if (!first) return;
  const onProgress = neverBack(options.onProgress);
  const group = (range: DayRange, into: 'create' | 'append', from: number, share: number) =>
    groupRange(connection, source, projection, totalRows, range, into, {
      grain: options.grain,
      onProgress: progressOfStatement(onProgress, range, from, share),
    });
  let done = 100 / planned.length;
  await group(first, 'create', 0, done);
  let pending =
    options.dayRanges || plannedRest.length === 0
      ? plannedRest
      : rangesAfterFirst(
          planned,
          await groupedSoFar(connection),
          lineItemsOf(source, totalRows),
          options.memoryLimit ?? DEFAULT_MEMORY_LIMIT,
        );
  let fitted = pending.length < plannedRest.length;
  while (pending.length > 0) {
    const [range, ...after] = pending as [DayRange, ...DayRange[]];
    const share = (100 - done) / pending.length;
    try {
      await group(range, 'append', done, share);
    } catch (error) {
      if (!fitted || !isOutOfMemory(error)) throw error;
      fitted = false;
      pending = rangesOfLength(range.firstDay, daysIn(first));
      continue;
    }
    done += share;
    pending = after;
  }
}

/** One range's line items grouped into the groups table. */
async function groupRange(
  connection: DuckDBConnection,
  source: BillingFileSource,
  projection: LineItemProjection,
  totalRows: number | null,
  range: DayRange,
  into: 'create' | 'append',
  options: Pick<ReadBillingFileOptions, 'grain' | 'onProgress'>,
): Promise<void> {
  const grouped = groupedByStoredTagsSql(
    source.relation,
    projection,
    options.grain,
    dayRangeCondition(range, 'usage_date'),
  );
  const statement =
    into === 'create'
      ? `CREATE OR REPLACE TEMP TABLE ${GROUPS_TABLE} AS ${grouped}`
      : `INSERT INTO ${GROUPS_TABLE} ${grouped}`;
  await runWithScanProgress(connection, statement, totalRows, options.onProgress);
}

async function groupedSoFar(connection: DuckDBConnection): Promise<FirstRangeGrouped> {
  const counted = await connection.runAndReadAll(
    `SELECT count(*) AS groups, coalesce(sum(line_items), 0) AS line_items FROM ${GROUPS_TABLE}`,
  );
  const row = counted.getRowObjectsJS()[0];
  return { groups: Number(row?.groups ?? 0), lineItems: Number(row?.line_items ?? 0) };
}

/** Progress that holds still rather than move back, as when days are read again after a failed statement. */
function neverBack(onProgress: ReadBillingFileOptions['onProgress']): ReadBillingFileOptions['onProgress'] {
  if (!onProgress) return onProgress;
  let highest = Number.NEGATIVE_INFINITY;
  return (progress) => {
    if (progress.percent < highest) return;
    highest = progress.percent;
    onProgress(progress);
  };
}

/** A statement's scan reported as its share of the whole read, from `from` percent, with the days it reads. */
function progressOfStatement(
  onProgress: ReadBillingFileOptions['onProgress'],
  range: DayRange,
  from: number,
  share: number,
): ReadBillingFileOptions['onProgress'] {
  if (!onProgress) return onProgress;
  return (progress) => {
    const percent = from + progress.percent * (share / 100);
    onProgress({
      ...progress,
      percent,
      rowsScanned: progress.totalRows === null ? null : Math.round((progress.totalRows * percent) / 100),
      days: range,
    });
  };
}

/**
 * The facts table from the scan's groups and their tag sets, normalized once each; the groups are summed
 * again only when two stored tag sets became one (decision 115). The groups are dropped after; the tag
 * sets are kept for the commitments' usage by tag set (decision 142).
 */
async function factsFromGroups(connection: DuckDBConnection, projection: LineItemProjection): Promise<void> {
  await connection.run(
    `CREATE OR REPLACE TEMP TABLE ${TAG_SETS_TABLE} AS ${tagSetsSql(GROUPS_TABLE, projection)}`,
  );
  const merging = await connection.runAndReadAll(tagSetsMergeSql(TAG_SETS_TABLE));
  const merge = merging.getRowObjectsJS()[0]?.merge === true;
  await connection.run(
    `CREATE OR REPLACE TEMP TABLE ${FACTS_TABLE} AS ${factsFromGroupsSql(GROUPS_TABLE, TAG_SETS_TABLE, merge)}`,
  );
  await connection.run(`DROP TABLE ${GROUPS_TABLE}`);
}

/** Interrupts DuckDB's statement, again until it has stopped (an interrupt can land before it starts). */
function interruptUntilSettled(connection: DuckDBConnection, statement: Promise<unknown>): void {
  connection.interrupt();
  const timer = setInterval(() => connection.interrupt(), INTERRUPT_AGAIN_MS);
  statement.then(
    () => clearInterval(timer),
    () => clearInterval(timer),
  );
}

async function assertEveryLineItemHasAUsageDay(
  connection: DuckDBConnection,
  source: BillingFileSource,
  projection: LineItemProjection,
): Promise<void> {
  const undated = await connection.runAndReadAll(
    `SELECT count(*) AS facts FROM ${FACTS_TABLE} WHERE usage_date IS NULL`,
  );
  if (Number(undated.getRowObjectsJS()[0]?.facts) === 0) return;
  throw await locateEmptyValue(
    connection,
    source,
    projection.usageStartColumn,
    'every line item needs the time its usage started',
  );
}

/** A Parquet file's row count, once its footer declares no more than the expansion limit allows. */
async function parquetRowsWithinLimit(
  connection: DuckDBConnection,
  source: BillingFileSource,
  maxExpandedBytes: number | undefined,
): Promise<number> {
  const declared = await readParquetFooter(connection, source.file);
  assertParquetWithinExpansionLimit(source.file, declared, maxExpandedBytes);
  return declared.rows;
}

async function* emitMonthlyResourceCosts(
  connection: DuckDBConnection,
  file: string,
  lineItems: string,
  options: ReadBillingFileOptions,
): AsyncGenerator<MonthlyResourceCost[]> {
  try {
    await connection.run('SET preserve_insertion_order = false');
    await connection.run(
      `CREATE OR REPLACE TEMP TABLE ${RESOURCE_COSTS_TABLE} AS ${monthlyResourceCostsSql(lineItems)}`,
    );
    await connection.run('RESET preserve_insertion_order');
    yield* streamMonthlyResourceCosts(
      connection,
      RESOURCE_COSTS_TABLE,
      options.batchSize ?? DEFAULT_BATCH_SIZE,
    );
  } catch (error) {
    throw isOutOfMemory(error) ? translateDuckDbError(error, file) : error;
  }
}

async function* emitFactParts(
  connection: DuckDBConnection,
  file: string,
  summary: BillingFileSummary,
  options: ReadBillingFileOptions,
  parts: DailyCostFactFileOptions & { folder: string },
): AsyncGenerator<DailyCostFactPart> {
  let factsEmitted = 0;
  try {
    for await (const part of streamDailyCostFactFiles(connection, FACTS_TABLE, parts.folder, parts)) {
      factsEmitted += part.kind === 'file' ? part.facts : part.facts.length;
      reportEmitted(options, summary, factsEmitted);
      yield part;
    }
  } catch (error) {
    throw isOutOfMemory(error) ? translateDuckDbError(error, file) : error;
  }
}

function reportEmitted(options: ReadBillingFileOptions, summary: BillingFileSummary, factsEmitted: number) {
  options.onProgress?.({
    stage: 'emitting',
    percent: (factsEmitted / summary.facts) * 100,
    rowsScanned: summary.lineItems,
    totalRows: summary.lineItems,
    factsEmitted,
    totalFacts: summary.facts,
  });
}

async function* emitFacts(
  connection: DuckDBConnection,
  file: string,
  summary: BillingFileSummary,
  options: ReadBillingFileOptions,
): AsyncGenerator<DailyCostFact[]> {
  let factsEmitted = 0;
  try {
    for await (const batch of streamDailyCostFacts(
      connection,
      FACTS_TABLE,
      options.batchSize ?? DEFAULT_BATCH_SIZE,
    )) {
      factsEmitted += batch.length;
      reportEmitted(options, summary, factsEmitted);
      yield batch;
    }
  } catch (error) {
    throw isOutOfMemory(error) ? translateDuckDbError(error, file) : error;
  }
}
