import { describe, expect, it } from 'vitest';
import { csvField, toSpreadsheetCsv } from './spreadsheet-csv.ts';

describe('the CSV writer (RFC 4180)', () => {
  it('writes plain cells as they are, rows ending in CRLF', () => {
    expect(
      toSpreadsheetCsv([
        ['Service', 'Total'],
        ['Amazon EC2', 1234.5],
      ]),
    ).toBe('Service,Total\r\nAmazon EC2,1234.5\r\n');
  });

  it('quotes a cell with a comma so a spreadsheet keeps it in one column', () => {
    expect(toSpreadsheetCsv([['Tag team: a, b', 3]])).toBe('"Tag team: a, b",3\r\n');
  });

  it('doubles quotes inside a quoted cell', () => {
    expect(toSpreadsheetCsv([['the "web" fleet']])).toBe('"the ""web"" fleet"\r\n');
  });

  it('keeps a line break inside its cell', () => {
    expect(toSpreadsheetCsv([['first line\nsecond', 'x\r\ny']])).toBe('"first line\nsecond","x\r\ny"\r\n');
  });

  it('leaves an empty cell empty rather than writing null or zero', () => {
    expect(toSpreadsheetCsv([['a', null, '', 0]])).toBe('a,,,0\r\n');
  });

  it('quotes a bare carriage return in a plain field too', () => {
    expect(csvField('a\rb')).toBe('"a\rb"');
  });
});

describe('no cell of a download runs as a formula in a spreadsheet', () => {
  it.each([
    ['=SUM(A1:A2)', `"'=SUM(A1:A2)"`],
    ['+cmd|calc', `"'+cmd|calc"`],
    ['-2+3+cmd|calc', `"'-2+3+cmd|calc"`],
    ['@SUM(1)', `"'@SUM(1)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
  ])('writes the text cell %j as text, a quote before it', (cell, written) => {
    expect(toSpreadsheetCsv([[cell]])).toBe(`${written}\r\n`);
  });

  it('doubles the quotes of a neutralised cell', () => {
    expect(toSpreadsheetCsv([['=HYPERLINK("http://x","y")']])).toBe(`"'=HYPERLINK(""http://x"",""y"")"\r\n`);
  });

  it('keeps negative numbers numbers, whether given as numbers or as plain numeric text', () => {
    expect(toSpreadsheetCsv([[-5, '-5', -0.25, '-12.50', '+3', '-1e-7']])).toBe(
      '-5,-5,-0.25,-12.50,+3,-1e-7\r\n',
    );
  });

  it('leaves a formula character inside a cell alone', () => {
    expect(toSpreadsheetCsv([['team=web', 'a-b', 'me@example.com']])).toBe('team=web,a-b,me@example.com\r\n');
  });
});
