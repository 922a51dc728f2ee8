/**
 * Both drivers read the same way: numeric and bigint as exact strings (money stays exact until the edge),
 * date as its 'YYYY-MM-DD' text (a calendar day, never shifted by a time zone).
 */
export const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;
export const asText = (value: string) => value;

/** PGlite's parsers, on its own thread (pglite-thread.ts); database.ts tells `pg` the same. */
export const pgliteParsers = { [DATE_OID]: asText, [INT8_OID]: asText, [NUMERIC_OID]: asText };
