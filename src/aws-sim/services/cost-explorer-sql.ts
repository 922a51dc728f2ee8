import { AMORTIZED_COST_SQL } from '../cur/cur-columns.ts';
import {
  type CostQuery,
  type FilterExpression,
  type GroupDefinition,
  validationException,
} from './cost-explorer-request.ts';

/**
 * Cost Explorer's dimensions over the CUR 2.0 columns. Cost Explorer files every tax row under the
 * "Tax" service, while the CUR keeps the taxed product's name on the row.
 */
const DIMENSIONS: Record<string, string> = {
  SERVICE: `CASE WHEN line_item_line_item_type = 'Tax' THEN 'Tax' ELSE product['product_name'] END`,
  LINKED_ACCOUNT: 'line_item_usage_account_id',
  REGION: `coalesce(nullif(product_region_code, ''), 'global')`,
  USAGE_TYPE: 'line_item_usage_type',
  OPERATION: 'line_item_operation',
  RECORD_TYPE: 'line_item_line_item_type',
  INSTANCE_TYPE: `coalesce(product['instance_type'], 'NoInstanceType')`,
};

/** Collects bound values; each call returns the placeholder to put in the SQL. */
export class SqlParameters {
  readonly values: string[] = [];
  bind(value: string): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function dimensionSql(key: string): string {
  const sql = DIMENSIONS[key];
  if (!sql)
    throw validationException(
      `Dimension ${key} is not allowed. Allowed dimension(s): ${Object.keys(DIMENSIONS).join(', ')}`,
    );
  return sql;
}

/** A tag's value as a bare string (user-defined tag `team` is the map key `user_team` in CUR 2.0). */
function tagValueSql(key: string, parameters: SqlParameters): string {
  return `resource_tags[${parameters.bind(`user_${key}`)}]`;
}

/** Cost Explorer writes a tag group key as `key$value`, and `key$` for resources without the tag. */
export function groupKeySql(group: GroupDefinition, parameters: SqlParameters): string {
  if (group.Type === 'DIMENSION') return dimensionSql(group.Key);
  return `concat(${parameters.bind(group.Key)}, '$', coalesce(${tagValueSql(group.Key, parameters)}, ''))`;
}

function matchSql(column: string, values: string[], options: string[], parameters: SqlParameters): string {
  if (options.includes('ABSENT')) return `${column} IS NULL`;
  const caseInsensitive = options.includes('CASE_INSENSITIVE');
  const subject = caseInsensitive ? `lower(${column})` : column;
  const bound = values.map((value) => parameters.bind(caseInsensitive ? value.toLowerCase() : value));
  if (bound.length === 0) throw validationException('Values cannot be null or empty in a filter.');
  const operation = ['STARTS_WITH', 'ENDS_WITH', 'CONTAINS'].find((option) => options.includes(option));
  if (!operation) return `${subject} IN (${bound.join(', ')})`;
  const fn = { STARTS_WITH: 'starts_with', ENDS_WITH: 'ends_with', CONTAINS: 'contains' }[operation];
  return `(${bound.map((placeholder) => `${fn}(${subject}, ${placeholder})`).join(' OR ')})`;
}

export function filterSql(expression: FilterExpression, parameters: SqlParameters): string {
  const used = (['And', 'Or', 'Not', 'Dimensions', 'Tags'] as const).filter(
    (key) => expression[key] !== undefined,
  );
  if (used.length !== 1) {
    throw validationException(
      'Expression has more than one roots. Only one root operator is allowed for each expression: And, Or, Not, Dimensions, Tags, CostCategories',
    );
  }
  if (expression.And) return `(${expression.And.map((part) => filterSql(part, parameters)).join(' AND ')})`;
  if (expression.Or) return `(${expression.Or.map((part) => filterSql(part, parameters)).join(' OR ')})`;
  if (expression.Not) return `(NOT ${filterSql(expression.Not, parameters)})`;
  if (expression.Dimensions) {
    const { Key, Values = [], MatchOptions = [] } = expression.Dimensions;
    return matchSql(dimensionSql(Key), Values, MatchOptions, parameters);
  }
  const { Key, Values = [], MatchOptions = [] } = expression.Tags!;
  return matchSql(tagValueSql(Key, parameters), Values, MatchOptions, parameters);
}

const sqlText = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** One row per period and group, with every metric summed exactly (money stays DECIMAL). */
export function costAggregateSql(query: CostQuery, files: string[], scopeAccountId: string | undefined) {
  const parameters = new SqlParameters();
  const period =
    query.granularity === 'DAILY'
      ? 'CAST(line_item_usage_start_date AS DATE)'
      : `CAST(date_trunc('month', line_item_usage_start_date) AS DATE)`;
  const groups = query.groupBy.map((group, index) => `${groupKeySql(group, parameters)} AS group_${index}`);
  const conditions = [
    `line_item_usage_start_date >= CAST(${parameters.bind(new Date(query.start).toISOString().slice(0, 10))} AS TIMESTAMP)`,
    `line_item_usage_start_date < CAST(${parameters.bind(new Date(query.end).toISOString().slice(0, 10))} AS TIMESTAMP)`,
  ];
  if (scopeAccountId) conditions.push(`line_item_usage_account_id = ${parameters.bind(scopeAccountId)}`);
  if (query.filter) conditions.push(filterSql(query.filter, parameters));
  const sql = `SELECT CAST(${period} AS VARCHAR) AS period, ${groups.map((group) => `${group}, `).join('')}
      CAST(sum(line_item_unblended_cost) AS VARCHAR) AS unblended,
      CAST(sum(line_item_net_unblended_cost) AS VARCHAR) AS net_unblended,
      CAST(sum(${AMORTIZED_COST_SQL}) AS VARCHAR) AS amortized,
      sum(line_item_usage_amount) AS usage_quantity
    FROM read_parquet([${files.map(sqlText).join(', ')}])
    WHERE ${conditions.join(' AND ')}
    GROUP BY ALL
    ORDER BY ${['period', ...query.groupBy.map((_, index) => `group_${index}`)].join(', ')}`;
  return { sql, values: parameters.values };
}
