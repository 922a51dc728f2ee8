/** A cell of an exported table: an empty cell is `null` or `''`, never a claimed zero. */
export type CsvCell = string | number | null;

/** RFC 4180: a cell holding a quote, comma or line break is quoted, its quotes doubled. */
function csvCell(value: CsvCell): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text a spreadsheet opens as it is: CRLF line ends, a line end after the last row. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Hands the text to the browser as a file download. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
