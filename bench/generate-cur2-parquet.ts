import { DuckDBInstance } from '@duckdb/node-api';

/** The company a generated month belongs to; the defaults are a small company's. */
export interface Cur2Shape {
  resources: number;
  accounts: number;
  services: number;
  /** Every n-th resource is an EC2 instance billing BoxUsage hours; none when absent. */
  instanceEvery?: number;
}

export const SMALL_COMPANY: Cur2Shape = { resources: 2_000, accounts: 3, services: 80 };
/** The large month of bench/README.md: about 6M daily facts from 20M line items. */
export const LARGE_COMPANY: Cur2Shape = {
  resources: 200_000,
  accounts: 40,
  services: 150,
  instanceEvery: 10,
};

/**
 * Writes a CUR 2.0 Parquet file of `lineItems` rows shaped like one month of a company: by default 3
 * accounts, 80 services, 30 days of hourly line items, 2,000 resources, tags team/env/project (one
 * resource in ten untagged), Savings Plan and reservation coverage with their fees, and tax.
 * Costs are DOUBLE and timestamps TIMESTAMP, as AWS writes them. Each resource keeps one account,
 * service, region and usage type, so daily facts grow with resources × days.
 */
export async function generateCur2Parquet(
  file: string,
  lineItems: number,
  shape: Cur2Shape = SMALL_COMPANY,
): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(
      `COPY (${cur2LineItemsSql(lineItems, shape)}) TO '${file.replaceAll("'", "''")}' (FORMAT parquet)`,
    );
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

const SERVICES = `['AmazonEC2','AmazonS3','AmazonRDS','AWSLambda','AmazonCloudWatch','AmazonDynamoDB','AmazonVPC','AWSELB','AmazonEKS','AmazonECS']`;

/** The small company's three accounts keep their ids and names; a larger one numbers them. */
function accountColumns(accounts: number): { id: string; name: string } {
  if (accounts === SMALL_COMPANY.accounts)
    return {
      id: "['111111111111', '222222222222', '333333333333'][account + 1]",
      name: "['Payer', 'Production', 'Development'][account + 1]",
    };
  return { id: 'CAST(111111111111 + account AS VARCHAR)', name: "'Account ' || account" };
}

/**
 * A shape from the command line: 'small', 'large', or either with some of its numbers changed
 * ('large,resources=40000').
 */
export function parseCur2Shape(text = 'small'): Cur2Shape {
  const [base, ...changes] = text.split(',');
  const shape: Cur2Shape = { ...(base === 'large' ? LARGE_COMPANY : SMALL_COMPANY) };
  for (const change of changes) {
    const [key, value] = change.split('=');
    if (key !== 'resources' && key !== 'accounts' && key !== 'services' && key !== 'instanceEvery')
      throw new Error(`unknown shape setting ${key}`);
    shape[key] = Number(value);
  }
  return shape;
}

/** What a shape is, for a benchmark's output. */
export function describeCur2Shape(shape: Cur2Shape): string {
  const instances = shape.instanceEvery ? `, every ${shape.instanceEvery}th an EC2 instance` : '';
  return `${shape.resources.toLocaleString('en-US')} resources${instances}, ${shape.accounts} accounts, ${shape.services} services`;
}

function usageType(shape: Cur2Shape): string {
  const usage = "['USE1', 'EUW1', 'USW2', 'APS1'][r % 4 + 1] || '-Usage:' || (r % 7)";
  if (!shape.instanceEvery) return usage;
  return `CASE WHEN r % ${shape.instanceEvery} = 0 THEN ['USE1', 'EUW1', 'USW2', 'APS1'][r % 4 + 1] || '-BoxUsage:m5.large' ELSE ${usage} END`;
}

function cur2LineItemsSql(lineItems: number, shape: Cur2Shape): string {
  const account = accountColumns(shape.accounts);
  return `
  WITH lines AS (
    SELECT i, CAST(hash(i) % ${shape.resources} AS INTEGER) AS r, CAST(i % 720 AS INTEGER) AS hour FROM range(${lineItems}) t(i)
  ), kinds AS (
    SELECT *,
      CASE
        WHEN i % 50000 = 13 THEN 'Tax'
        WHEN i % 5000 = 7 THEN 'SavingsPlanRecurringFee'
        WHEN i % 5000 = 11 THEN 'RIFee'
        WHEN i % 100000 = 17 THEN 'Fee'
        WHEN r % 20 IN (0, 1, 2) AND i % 2 = 0 THEN 'SavingsPlanCoveredUsage'
        WHEN r % 20 IN (0, 1, 2) THEN 'SavingsPlanNegation'
        WHEN r % 20 = 3 THEN 'DiscountedUsage'
        ELSE 'Usage'
      END AS kind,
      r % ${shape.services} AS service, r % ${shape.accounts} AS account, ((hash(r) % 1000) / 1000.0 + 0.01) * 0.2 AS hourly_cost
    FROM lines
  )
  SELECT
    TIMESTAMP '2026-10-01' AS bill_billing_period_start_date,
    '111111111111' AS bill_payer_account_id,
    ${account.id} AS line_item_usage_account_id,
    ${account.name} AS line_item_usage_account_name,
    kind AS line_item_line_item_type,
    TIMESTAMP '2026-10-01' + to_hours(hour) AS line_item_usage_start_date,
    TIMESTAMP '2026-10-01' + to_hours(hour + 1) AS line_item_usage_end_date,
    coalesce(${SERVICES}[service + 1], 'AWSService' || service) AS line_item_product_code,
    ${usageType(shape)} AS line_item_usage_type,
    'RunInstances' AS line_item_operation,
    CASE WHEN r % 20 = 4 OR kind IN ('Tax', 'SavingsPlanRecurringFee', 'RIFee', 'Fee') THEN ''
      ELSE 'arn:aws:service:us-east-1:' || account || ':resource/r-' || r END AS line_item_resource_id,
    1.0 AS line_item_usage_amount,
    CAST(CASE kind WHEN 'SavingsPlanNegation' THEN -hourly_cost WHEN 'Tax' THEN 12.5 WHEN 'Fee' THEN 1000
      WHEN 'SavingsPlanRecurringFee' THEN 0.5 WHEN 'RIFee' THEN 0.3 ELSE hourly_cost END AS DOUBLE) AS line_item_unblended_cost,
    CAST(CASE kind WHEN 'SavingsPlanNegation' THEN -hourly_cost ELSE hourly_cost * 0.97 END AS DOUBLE) AS line_item_net_unblended_cost,
    'USD' AS line_item_currency_code,
    CASE WHEN kind = 'Tax' THEN '' ELSE ['us-east-1', 'eu-west-1', 'us-west-2', 'ap-south-1'][r % 4 + 1] END AS product_region_code,
    MAP {'product_name': 'AWS service ' || service, 'region': 'us-east-1'} AS product,
    CASE WHEN kind = 'DiscountedUsage' THEN 'Reserved' ELSE 'OnDemand' END AS pricing_term,
    CASE WHEN kind IN ('DiscountedUsage', 'RIFee', 'Fee') THEN 'arn:aws:ec2:us-east-1:111111111111:reserved-instances/ri-1' ELSE '' END AS reservation_reservation_a_r_n,
    CAST(CASE WHEN kind = 'DiscountedUsage' THEN hourly_cost * 0.6 END AS DOUBLE) AS reservation_effective_cost,
    CAST(CASE WHEN kind = 'RIFee' THEN 0.05 END AS DOUBLE) AS reservation_unused_amortized_upfront_fee_for_billing_period,
    CAST(CASE WHEN kind = 'RIFee' THEN 0.02 END AS DOUBLE) AS reservation_unused_recurring_fee,
    CASE WHEN kind LIKE 'SavingsPlan%' THEN 'arn:aws:savingsplans::111111111111:savingsplan/sp-1' ELSE '' END AS savings_plan_savings_plan_a_r_n,
    CAST(CASE WHEN kind = 'SavingsPlanCoveredUsage' THEN hourly_cost * 0.7 END AS DOUBLE) AS savings_plan_savings_plan_effective_cost,
    CAST(CASE WHEN kind = 'SavingsPlanRecurringFee' THEN 0.5 END AS DOUBLE) AS savings_plan_total_commitment_to_date,
    CAST(CASE WHEN kind = 'SavingsPlanRecurringFee' THEN 0.45 END AS DOUBLE) AS savings_plan_used_commitment,
    CASE WHEN r % 10 = 0 THEN CAST(MAP {} AS MAP(VARCHAR, VARCHAR))
      ELSE MAP {'user_team': 'team-' || (r % 8), 'user_env': ['prod', 'staging', 'dev'][r % 3 + 1], 'user_project': 'project-' || (r % 12)}
    END AS resource_tags
  FROM kinds`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, rows, shape] = process.argv.slice(2);
  if (!file)
    throw new Error('usage: generate-cur2-parquet.ts <file> [rows] [shape: small|large[,resources=N,...]]');
  await generateCur2Parquet(file, Number(rows ?? 5_000_000), parseCur2Shape(shape));
}
