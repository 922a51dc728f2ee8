import type { DuckDBConnection } from '@duckdb/node-api';
import type { BillingFileSource } from './billing-file-source.ts';
import {
  commitmentDaysSql,
  commitmentLinesSql,
  commitmentsSql,
  commitmentTagDaysSql,
  commitmentUsageGroupsSql,
} from './commitment-facts-sql.ts';
import { commitmentLineColumns } from './commitment-line-items.ts';
import type {
  BillCommitment,
  BillCommitments,
  BillingFileFormat,
  CommitmentDay,
  CommitmentTagDay,
} from './daily-cost-fact.ts';

const USAGE_GROUPS_TABLE = 'commitment_usage_groups';
const TAG_DAYS_TABLE = 'commitment_tag_days';
/**
 * The most tag-set days one file keeps (decision 142): they are staged as JSON rows, which suits
 * thousands, not the millions a tag per resource (a `Name` on every instance) would make.
 */
export const MAX_COMMITMENT_TAG_DAYS = 100_000;

const isoOfEpochMs = (value: unknown) =>
  value === null || value === undefined ? null : new Date(Number(value)).toISOString();
const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

/**
 * The commitments a bill names and their amounts per day (decision 098), read in two more passes over
 * the file; a bill without commitment columns answers none. Small next to the facts: one row a
 * commitment and month, one a day, account and commitment, and one a day, account, commitment and tag
 * set of the usage lines that carry tags (decision 142).
 */
export async function readCommitments(
  connection: DuckDBConnection,
  source: BillingFileSource,
  format: BillingFileFormat,
  tagged: {
    /** The file's stored tag sets, each with its normalized tags: `tags_key`, `tags` (tagSetsSql). */
    tagSets: string;
    maxTagDays?: number;
  },
): Promise<BillCommitments> {
  const maxTagDays = tagged.maxTagDays ?? MAX_COMMITMENT_TAG_DAYS;
  const read = commitmentLineColumns(source, format);
  if (!read) return { commitments: [], days: [], tagDays: [], tagDaysLeftOut: 0, notes: [] };
  const lines = commitmentLinesSql(source.relation, read.columns);
  const rows = async (sql: string) => (await connection.runAndReadAll(sql)).getRowObjectsJS();
  const commitments = (await rows(commitmentsSql(lines))).map(
    (row): BillCommitment => ({
      billingPeriod: String(row.billing_period),
      commitmentId: String(row.commitment_id),
      kind: row.kind === 'reservation' ? 'reservation' : 'savings-plan',
      offering: String(row.offering),
      ownerAccountId: String(row.owner_account_id ?? ''),
      region: String(row.region),
      instanceFamily: String(row.instance_family),
      term: String(row.term),
      paymentOption: String(row.payment_option),
      hourlyCommitment: textOrNull(row.hourly_commitment),
      reservedCount: textOrNull(row.reserved_count),
      startsAt: isoOfEpochMs(row.starts_ms),
      endsAt: isoOfEpochMs(row.ends_ms),
      periodUnusedCommitment: String(row.period_unused),
    }),
  );
  // One read of the file groups the usage by day, account, commitment and stored tag set; the account
  // days and the tag-set days are both summed from those groups.
  await connection.run(
    `CREATE OR REPLACE TEMP TABLE ${USAGE_GROUPS_TABLE} AS ${commitmentUsageGroupsSql(lines, read.tags)}`,
  );
  const dayOf = (row: Record<string, unknown>): CommitmentDay => ({
    billingPeriod: String(row.billing_period),
    usageDate: String(row.usage_date),
    usageAccountId: String(row.usage_account_id),
    kind: row.kind === 'reservation' ? 'reservation' : 'savings-plan',
    commitmentId: String(row.commitment_id),
    totalCommitment: String(row.total_commitment),
    usedCommitment: String(row.used_commitment),
    coveredOnDemandCost: textOrNull(row.covered_on_demand_cost),
    coveredHours: String(row.covered_hours),
    uncoveredOnDemandCost: String(row.uncovered_on_demand_cost),
    uncoveredHours: String(row.uncovered_hours),
  });
  try {
    const days = (await rows(commitmentDaysSql(USAGE_GROUPS_TABLE))).map(dayOf);
    await connection.run(
      `CREATE OR REPLACE TEMP TABLE ${TAG_DAYS_TABLE} AS ${commitmentTagDaysSql(USAGE_GROUPS_TABLE, tagged.tagSets)}`,
    );
    const [counted] = await rows(`SELECT count(*) AS tag_days FROM ${TAG_DAYS_TABLE}`);
    const tagDayCount = Number(counted?.tag_days ?? 0);
    if (tagDayCount > maxTagDays)
      return {
        commitments,
        days,
        tagDays: [],
        tagDaysLeftOut: tagDayCount,
        notes: [tooManyTagDaysNote(tagDayCount, maxTagDays)],
      };
    const tagDays = (await rows(`SELECT * FROM ${TAG_DAYS_TABLE}`)).map(
      (row): CommitmentTagDay => ({ ...dayOf(row), tags: String(row.tags) }),
    );
    return { commitments, days, tagDays, tagDaysLeftOut: 0, notes: [] };
  } finally {
    await connection.run(
      `DROP TABLE IF EXISTS ${USAGE_GROUPS_TABLE}; DROP TABLE IF EXISTS ${TAG_DAYS_TABLE}`,
    );
  }
}

const tooManyTagDaysNote = (count: number, bound: number) =>
  `Its usage under Savings Plans and reservations comes in ${count.toLocaleString('en-US')} groups of a day, ` +
  `account and tag set, more than the ${bound.toLocaleString('en-US')} kept for teams ` +
  'scoped by tag pairs: for these months those teams, tag budgets and views cut by a tag count only the ' +
  "accounts' usage under commitments, not the tagged lines of other accounts. Teams scoped by accounts, " +
  'budgets of accounts and the whole organization see them in full. COMMITMENT_TAG_DAYS_MAX raises the bound.';
