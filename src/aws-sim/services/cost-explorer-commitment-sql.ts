import type { CommitmentReportQuery } from './cost-explorer-commitment-request.ts';
import { SqlParameters } from './cost-explorer-sql.ts';

/**
 * The bill's usage lines that Cost Explorer's commitment reports sum, per period. What the commitments
 * themselves are (commitment per hour, count, fees, term) comes from the purchases, not from these lines.
 */

/** Usage a Compute Savings Plan could pay for: EC2 instance hours, Fargate, Lambda duration. */
const SAVINGS_PLAN_ELIGIBLE = `((line_item_product_code = 'AmazonEC2' AND contains(line_item_usage_type, 'BoxUsage'))
  OR (line_item_product_code IN ('AmazonECS', 'AmazonEKS') AND contains(line_item_usage_type, 'Fargate'))
  OR (line_item_product_code = 'AWSLambda' AND contains(line_item_usage_type, 'Lambda-GB-Second')))`;

/** Instance hours a reservation could pay for: EC2, RDS, ElastiCache, Redshift, OpenSearch. */
const RESERVATION_ELIGIBLE = `((line_item_product_code = 'AmazonEC2' AND contains(line_item_usage_type, 'BoxUsage'))
  OR (line_item_product_code = 'AmazonRDS' AND (contains(line_item_usage_type, 'InstanceUsage') OR contains(line_item_usage_type, 'Multi-AZUsage')))
  OR (line_item_product_code = 'AmazonElastiCache' AND contains(line_item_usage_type, 'NodeUsage'))
  OR (line_item_product_code = 'AmazonRedshift' AND contains(line_item_usage_type, 'Node:'))
  OR (line_item_product_code = 'AmazonES' AND contains(line_item_usage_type, 'ESInstance')))`;

const sqlText = (text: string) => `'${text.replaceAll("'", "''")}'`;

function periodSql(query: CommitmentReportQuery): string {
  return query.granularity === 'DAILY'
    ? 'CAST(CAST(line_item_usage_start_date AS DATE) AS VARCHAR)'
    : `CAST(CAST(date_trunc('month', line_item_usage_start_date) AS DATE) AS VARCHAR)`;
}

function conditions(query: CommitmentReportQuery, parameters: SqlParameters, accountColumn: string) {
  const day = (ms: number) => parameters.bind(new Date(ms).toISOString().slice(0, 10));
  const where = [
    `line_item_usage_start_date >= CAST(${day(query.start)} AS TIMESTAMP)`,
    `line_item_usage_start_date < CAST(${day(query.end)} AS TIMESTAMP)`,
  ];
  const accounts = query.filter.LINKED_ACCOUNT;
  if (accounts) where.push(`${accountColumn} IN (${accounts.map((id) => parameters.bind(id)).join(', ')})`);
  return where;
}

function statement(select: string, files: string[], where: string[], groupBy: string) {
  return `SELECT ${select} FROM read_parquet([${files.map(sqlText).join(', ')}])
    WHERE ${where.join(' AND ')} GROUP BY ${groupBy} ORDER BY ${groupBy}`;
}

/**
 * Per period and commitment: the commitment the covered usage consumed (its Savings Plan effective cost,
 * or its reserved hours' amortized cost), the hours, and what that usage costs On-Demand. The lines
 * belong to the commitment, wherever the usage ran: the owner's filter is applied to the commitments.
 */
export function coveredUsageSql(query: CommitmentReportQuery, files: string[]) {
  const parameters = new SqlParameters();
  const where = conditions({ ...query, filter: {} }, parameters, 'line_item_usage_account_id');
  where.push(`line_item_line_item_type IN ('SavingsPlanCoveredUsage', 'DiscountedUsage')`);
  const sql = statement(
    `${periodSql(query)} AS period,
      coalesce(nullif(savings_plan_savings_plan_a_r_n, ''), reservation_reservation_a_r_n) AS commitment,
      CAST(sum(coalesce(savings_plan_savings_plan_effective_cost, reservation_effective_cost)) AS VARCHAR) AS used,
      CAST(sum(pricing_public_on_demand_cost) AS VARCHAR) AS on_demand,
      sum(line_item_usage_amount) AS hours`,
    files,
    where,
    'period, commitment',
  );
  return { sql, values: parameters.values };
}

/**
 * Per period, in the filter's usage accounts: eligible usage a Savings Plan paid for (at On-Demand
 * prices) and eligible usage billed On-Demand; reserved eligible hours and the eligible hours no
 * reservation paid for (a Savings Plan's among them), with their On-Demand cost.
 */
export function coverageSql(query: CommitmentReportQuery, files: string[]) {
  const parameters = new SqlParameters();
  const where = conditions(query, parameters, 'line_item_usage_account_id');
  const type = 'line_item_line_item_type';
  const sum = (condition: string, value: string) => `sum(CASE WHEN ${condition} THEN ${value} ELSE 0 END)`;
  const money = (condition: string, value: string) => `CAST(${sum(condition, value)} AS VARCHAR)`;
  const spCovered = `${type} = 'SavingsPlanCoveredUsage' AND ${SAVINGS_PLAN_ELIGIBLE}`;
  const spOnDemand = `${type} = 'Usage' AND ${SAVINGS_PLAN_ELIGIBLE}`;
  const reserved = `${type} = 'DiscountedUsage' AND ${RESERVATION_ELIGIBLE}`;
  const notReserved = `${type} IN ('Usage', 'SavingsPlanCoveredUsage') AND ${RESERVATION_ELIGIBLE}`;
  const sql = statement(
    `${periodSql(query)} AS period,
      ${money(spCovered, 'pricing_public_on_demand_cost')} AS sp_covered,
      ${money(spOnDemand, 'line_item_unblended_cost')} AS sp_on_demand,
      ${sum(reserved, 'line_item_usage_amount')} AS reserved_hours,
      ${sum(notReserved, 'line_item_usage_amount')} AS on_demand_hours,
      ${money(notReserved, `CASE WHEN ${type} = 'Usage' THEN line_item_unblended_cost ELSE pricing_public_on_demand_cost END`)} AS ri_on_demand_cost`,
    files,
    where,
    'period',
  );
  return { sql, values: parameters.values };
}
