/** Quoting for the SQL this folder writes: identifiers and literals come from file headers and paths. */

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** Exact decimal types: every amount is cast to one of these before it is summed. */
export const MONEY_TYPE = 'DECIMAL(38,12)';
