import type { SourceColumn } from './billing-file-source.ts';
import { MONEY_TYPE, quoteIdentifier } from './sql-text.ts';

/** A column whose text is cast to a number or a timestamp: where a bad value is looked for on failure. */
export interface CastColumn {
  column: SourceColumn;
  castType: string;
}

/**
 * Finds the columns a reader needs under the spellings files use, and writes the SQL that reads each
 * one as the type the facts need, whatever type the file stored it as.
 */
export class SourceColumns {
  readonly castColumns: CastColumn[] = [];
  private readonly byKey = new Map<string, SourceColumn>();

  constructor(
    columns: SourceColumn[],
    private readonly keyOf: (name: string) => string,
  ) {
    for (const column of columns) {
      const key = keyOf(column.name);
      if (!this.byKey.has(key)) this.byKey.set(key, column);
    }
  }

  find(...names: string[]): SourceColumn | undefined {
    for (const name of names) {
      const column = this.byKey.get(this.keyOf(name));
      if (column) return column;
    }
    return undefined;
  }

  /** The first non-empty text among the named columns, else the fallback SQL. */
  text(names: string[], fallbackSql = "''"): string {
    const present = names.map((name) => this.find(name)).filter((column) => column !== undefined);
    const [only] = present;
    // A lone column keeps its plain form when it can: DuckDB groups plain columns faster.
    if (present.length === 1 && only && fallbackSql === "''") return `coalesce(${asText(only)}, '')`;
    const values = present.map((column) => `nullif(${asText(column)}, '')`);
    return values.length === 0 ? fallbackSql : `coalesce(${[...values, fallbackSql].join(', ')})`;
  }

  /** The first non-empty text among the named columns, else NULL. */
  nullableText(names: string[]): string {
    return this.text(names, 'CAST(NULL AS VARCHAR)');
  }

  /** An exact decimal, NULL when the column is missing or the cell empty. */
  money(name: string): string {
    const column = this.find(name);
    if (!column) return `CAST(NULL AS ${MONEY_TYPE})`;
    if (column.type === 'VARCHAR') this.castColumns.push({ column, castType: MONEY_TYPE });
    return `CAST(${quoteIdentifier(column.name)} AS ${MONEY_TYPE})`;
  }

  /**
   * A number that may be missing or malformed without failing the read: the commitment columns are
   * read beside the facts, and a bad cell there leaves its value unknown (NULL).
   */
  optionalNumber(name: string): string {
    const column = this.find(name);
    if (!column) return `CAST(NULL AS ${MONEY_TYPE})`;
    return `TRY_CAST(${asText(column)} AS ${MONEY_TYPE})`;
  }

  /** A timestamp column as epoch milliseconds (UTC); NULL when missing, empty or malformed. */
  epochMs(name: string): string {
    const column = this.find(name);
    if (!column) return 'CAST(NULL AS BIGINT)';
    const identifier = quoteIdentifier(column.name);
    if (column.type.startsWith('TIMESTAMP') || column.type === 'DATE')
      return `epoch_ms(CAST(${identifier} AS TIMESTAMPTZ))`;
    return `epoch_ms(TRY_CAST(nullif(${asText(column)}, '') AS TIMESTAMPTZ))`;
  }

  /** The UTC calendar day of a timestamp column ('2023-11-01T00:00:00.000Z', '2024-09-18 22:00:00', ...). */
  utcDate(name: string): string | undefined {
    const column = this.find(name);
    if (!column) return undefined;
    const identifier = quoteIdentifier(column.name);
    if (column.type === 'DATE') return identifier;
    if (column.type.startsWith('TIMESTAMP WITH TIME ZONE')) return utcDateOfInstant(identifier);
    if (column.type.startsWith('TIMESTAMP')) return `CAST(${identifier} AS DATE)`;
    this.castColumns.push({ column, castType: 'TIMESTAMPTZ' });
    return utcDateOfInstant(`CAST(${asText(column)} AS TIMESTAMPTZ)`);
  }
}

function asText(column: SourceColumn): string {
  const identifier = quoteIdentifier(column.name);
  return column.type === 'VARCHAR' ? identifier : `CAST(${identifier} AS VARCHAR)`;
}

/** Through epoch microseconds: cheaper than a time-zone conversion, and UTC whatever the session says. */
function utcDateOfInstant(instant: string): string {
  return `CAST(make_timestamp(epoch_us(${instant})) AS DATE)`;
}
