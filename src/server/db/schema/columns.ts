import type { ColumnType } from 'kysely';

/** Column types shared by every module's tables. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json = ColumnType<unknown, string | undefined, string>;
/** numeric columns: read as exact decimal strings, written as strings or numbers. */
export type Money = ColumnType<string, string | number, string | number>;
/** date columns: read as 'YYYY-MM-DD' strings (see db/database.ts type parsers). */
export type Day = ColumnType<string, string, string>;
