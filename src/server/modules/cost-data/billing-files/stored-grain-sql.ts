import { MONEY_TYPE } from './sql-text.ts';

/**
 * The only lines whose facts keep their resource: EC2 instance hours, which the rightsizing findings
 * price per instance. Every other resource's cost is kept per month (decision 079).
 */
const RESOURCE_KEPT_ON_FACT = "usage_type LIKE '%BoxUsage%'";

const STORED_FACT_DIMENSIONS = [
  'usage_date',
  'billing_period',
  'provider',
  'billing_account_id',
  'usage_account_id',
  'usage_account_name',
  'service_code',
  'service_name',
  'region',
  'usage_type',
  'charge_type',
  'tags',
  'currency',
] as const;

const RESOURCE_COST_DIMENSIONS = [
  'billing_period',
  'provider',
  'usage_account_id',
  'service_code',
  'service_name',
  'region',
  'usage_type',
  'resource_id',
  'currency',
] as const;

const AMOUNTS = ['unblended_cost', 'amortized_cost', 'net_cost', 'usage_quantity'] as const;

function sums(): string {
  const amounts = AMOUNTS.map((amount) => `CAST(sum(${amount}) AS ${MONEY_TYPE}) AS ${amount}`);
  return [...amounts, 'CAST(sum(line_items) AS BIGINT) AS line_items'].join(',\n    ');
}

/** The daily facts as stored: a resource only on EC2 instance hours, every other line summed without it. */
export function storedFactsSql(dailyFacts: string): string {
  const dimensions = STORED_FACT_DIMENSIONS.join(', ');
  return `SELECT ${dimensions},
    CASE WHEN ${RESOURCE_KEPT_ON_FACT} THEN resource_id END AS resource_id,
    ${sums()}
  FROM ${dailyFacts}
  GROUP BY ${dimensions}, 14`;
}

/** Each resource's cost per billing period and usage type, whatever kind of resource it is. */
export function monthlyResourceCostsSql(dailyFacts: string): string {
  const dimensions = RESOURCE_COST_DIMENSIONS.join(', ');
  return `SELECT ${dimensions},
    ${sums()}
  FROM ${dailyFacts}
  WHERE resource_id IS NOT NULL
  GROUP BY ${dimensions}`;
}
