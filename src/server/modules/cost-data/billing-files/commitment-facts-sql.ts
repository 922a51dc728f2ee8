import { type CommitmentKind, eligibleUsageOf } from '../../../../domain/commitment-eligibility.ts';
import type { CommitmentLineColumns } from './commitment-line-items.ts';
import { MONEY_TYPE, quoteLiteral } from './sql-text.ts';
import { type StoredTags, storedTagsKeySql } from './stored-tags-sql.ts';

const money = (expression: string) => `CAST(${expression} AS ${MONEY_TYPE})`;

/** Each line item's commitment columns under their canonical names. */
export function commitmentLinesSql(relation: string, columns: CommitmentLineColumns): string {
  const list = Object.entries(columns)
    .map(([name, expression]) => `${expression} AS ${name}`)
    .join(',\n    ');
  return `SELECT ${list} FROM ${relation}`;
}

/** Usage a commitment of the kind could pay for (src/domain/commitment-eligibility.ts), as SQL. */
function eligibleSql(kind: CommitmentKind): string {
  const rules = eligibleUsageOf(kind).map(
    (rule) =>
      `(service_code = ${quoteLiteral(rule.serviceCode)} AND (${rule.usageTypeContains
        .map((part) => `contains(usage_type, ${quoteLiteral(part)})`)
        .join(' OR ')}))`,
  );
  return `(${rules.join(' OR ')})`;
}

/**
 * Each commitment in each billing period: what it is (type, term, payment option, hourly commitment
 * or count, start and end) and the unused fee its bill reports once a period (a reservation's RIFee).
 * The owner is the account its fee is billed to.
 */
export function commitmentsSql(lines: string): string {
  return `WITH lines AS (${lines})
SELECT strftime(billing_period, '%Y-%m-%d') AS billing_period, commitment_id,
  any_value(kind) AS kind,
  coalesce(max(CASE WHEN role = 'fee' THEN nullif(offering, '') END), max(nullif(offering, '')), '') AS offering,
  coalesce(max(CASE WHEN role = 'fee' THEN nullif(usage_account_id, '') END), min(usage_account_id)) AS owner_account_id,
  coalesce(max(CASE WHEN role = 'fee' THEN nullif(region, '') END), max(nullif(region, '')), '') AS region,
  coalesce(max(nullif(instance_family, '')), '') AS instance_family,
  coalesce(max(nullif(term, '')), '') AS term,
  coalesce(max(nullif(payment_option, '')), '') AS payment_option,
  CAST(max(hourly_commitment) AS VARCHAR) AS hourly_commitment,
  CAST(max(reserved_count) AS VARCHAR) AS reserved_count,
  CAST(min(starts_ms) AS VARCHAR) AS starts_ms,
  CAST(max(ends_ms) AS VARCHAR) AS ends_ms,
  CAST(${money('sum(period_unused)')} AS VARCHAR) AS period_unused
FROM lines
WHERE commitment_id <> '' AND role IN ('fee', 'covered')
GROUP BY billing_period, commitment_id
ORDER BY billing_period, commitment_id`;
}

const DAY_DIMENSIONS = 'billing_period, usage_date, usage_account_id, kind, commitment_id';
const AMOUNTS = [
  'total_commitment',
  'used_commitment',
  'covered_on_demand_cost',
  'covered_hours',
  'uncovered_on_demand_cost',
  'uncovered_hours',
];
/** The amounts of groups summed again; the covered usage's On-Demand cost is unknown when any group's is. */
const SUMMED_AMOUNTS = AMOUNTS.map((amount) =>
  amount === 'covered_on_demand_cost'
    ? `CASE WHEN bool_or(${amount} IS NULL) THEN NULL ELSE sum(${amount}) END AS ${amount}`
    : `sum(${amount}) AS ${amount}`,
).join(', ');
const AMOUNTS_AS_TEXT = AMOUNTS.map((amount) => `CAST(${amount} AS VARCHAR) AS ${amount}`).join(', ');
const DAYS_AS_TEXT = `strftime(billing_period, '%Y-%m-%d') AS billing_period,
  strftime(usage_date, '%Y-%m-%d') AS usage_date, usage_account_id, kind, commitment_id`;

/**
 * Per day, account, commitment and the usage lines' stored tag set (its key, as the facts group it): its
 * total and used commitment and the On-Demand cost and hours of the usage it paid for; and per day,
 * account, kind (commitment '') and stored tag set, the eligible usage no commitment paid for. A
 * reservation's running hours under a Savings Plan count as not reserved, as Cost Explorer's reservation
 * coverage counts them. Fee lines have no tag set (tags_key NULL): a fee is its owner's, whatever tags
 * the plan carries (decision 142). One read of the file, from which both the account days and the
 * tag-set days are summed.
 */
export function commitmentUsageGroupsSql(lines: string, tags: StoredTags): string {
  const dimensions = `${DAY_DIMENSIONS}, tags_key`;
  const covered = (column: string) => `CASE WHEN role = 'covered' THEN ${column} END`;
  const keyed = `SELECT *, CASE WHEN role = 'fee' THEN NULL ELSE ${storedTagsKeySql(tags)} END AS tags_key
  FROM (${lines})`;
  const usageColumns = 'billing_period, usage_date, usage_account_id, tags_key';
  return `WITH lines AS (${keyed}),
on_commitments AS (
  SELECT ${dimensions},
    ${money('sum(total_commitment)')} AS total_commitment,
    ${money('sum(used_commitment)')} AS used_commitment,
    CASE WHEN count(*) FILTER (WHERE role = 'covered' AND on_demand_cost IS NULL) > 0 THEN NULL
      ELSE coalesce(${money(`sum(${covered('on_demand_cost')})`)}, 0) END AS covered_on_demand_cost,
    coalesce(${money(`sum(${covered('hours')})`)}, 0) AS covered_hours,
    ${money('0')} AS uncovered_on_demand_cost, ${money('0')} AS uncovered_hours
  FROM lines
  WHERE commitment_id <> '' AND (role = 'covered' OR (role = 'fee' AND kind = 'savings-plan')
    OR (role = 'fee' AND total_commitment <> 0))
  GROUP BY ${dimensions}
), uncovered AS (
  SELECT ${usageColumns}, 'savings-plan' AS kind, '' AS commitment_id, on_demand_cost, hours
  FROM lines WHERE role = 'on-demand' AND ${eligibleSql('savings-plan')}
  UNION ALL
  SELECT ${usageColumns}, 'reservation', '', on_demand_cost, hours FROM lines
  WHERE (role = 'on-demand' OR (role = 'covered' AND kind = 'savings-plan')) AND ${eligibleSql('reservation')}
), uncovered_days AS (
  SELECT ${dimensions}, ${money('0')}, ${money('0')}, ${money('0')}, ${money('0')},
    ${money('sum(coalesce(on_demand_cost, 0))')}, ${money('sum(hours)')}
  FROM uncovered GROUP BY ${dimensions}
)
SELECT * FROM on_commitments UNION ALL SELECT * FROM uncovered_days`;
}

/** Per day, account and commitment (or kind, for the usage none paid for): the usage groups summed over tag sets. */
export function commitmentDaysSql(groups: string): string {
  return `SELECT ${DAYS_AS_TEXT}, ${AMOUNTS_AS_TEXT}
FROM (SELECT ${DAY_DIMENSIONS}, ${SUMMED_AMOUNTS} FROM ${groups} GROUP BY ${DAY_DIMENSIONS})
ORDER BY ${DAY_DIMENSIONS}`;
}

/**
 * The same per normalized tag set, for usage lines that carry tags (decision 142): each group's stored
 * tag set normalized as the facts' are, by the facts' own table of the file's tag sets (`tags_key` to
 * `tags`, tagSetsSql), and the groups summed again where two stored sets became one.
 */
export function commitmentTagDaysSql(groups: string, tagSets: string): string {
  return `WITH tagged AS (
  SELECT ${DAY_DIMENSIONS}, tags, ${AMOUNTS.join(', ')} FROM ${groups} JOIN ${tagSets} USING (tags_key)
)
SELECT ${DAYS_AS_TEXT}, tags, ${AMOUNTS_AS_TEXT}
FROM (SELECT ${DAY_DIMENSIONS}, tags, ${SUMMED_AMOUNTS} FROM tagged WHERE tags <> '{}'
  GROUP BY ${DAY_DIMENSIONS}, tags)
ORDER BY ${DAY_DIMENSIONS}, tags`;
}
