/**
 * The one CSV writer of the product's downloads. Quoting follows RFC 4180; a text cell a spreadsheet
 * would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a carriage return) is written as
 * text the way OWASP's "CSV Injection" page describes: a single quote before it, the cell quoted.
 */

/** A cell of an exported table: an empty cell is `null` or `''`, never a claimed zero. */
export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;
/** Text that is only a number (`-12.5`, `+3`, `1e-7`): a spreadsheet reads it as that number, nothing runs. */
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** RFC 4180: a field holding a quote, comma or line break is quoted, its quotes doubled. */
export function csvField(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One cell as a spreadsheet should read it: numbers as numbers, text as text, never as a formula. */
export function spreadsheetCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (FORMULA_START.test(value) && !PLAIN_NUMBER.test(value)) return `"'${value.replaceAll('"', '""')}"`;
  return csvField(value);
}

/** Rows as CSV text a spreadsheet opens as it is: CRLF line ends, a line end after the last row. */
export function toSpreadsheetCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `${rows.map((row) => row.map(spreadsheetCell).join(',')).join('\r\n')}\r\n`;
}
