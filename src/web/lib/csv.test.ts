import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('the CSV writer (RFC 4180)', () => {
  it('writes plain cells as they are, rows ending in CRLF', () => {
    expect(
      toCsv([
        ['Service', 'Total'],
        ['Amazon EC2', 1234.5],
      ]),
    ).toBe('Service,Total\r\nAmazon EC2,1234.5\r\n');
  });

  it('quotes a cell with a comma so a spreadsheet keeps it in one column', () => {
    expect(toCsv([['Tag team: a, b', 3]])).toBe('"Tag team: a, b",3\r\n');
  });

  it('doubles quotes inside a quoted cell', () => {
    expect(toCsv([['the "web" fleet']])).toBe('"the ""web"" fleet"\r\n');
  });

  it('keeps a line break inside its cell', () => {
    expect(toCsv([['first line\nsecond', 'x\r\ny']])).toBe('"first line\nsecond","x\r\ny"\r\n');
  });

  it('leaves an empty cell empty rather than writing null or zero', () => {
    expect(toCsv([['a', null, '', 0]])).toBe('a,,,0\r\n');
  });

  it('writes a cell that starts like a formula unchanged (no formula escaping today)', () => {
    expect(toCsv([['=SUM(A1:A2)', '-5']])).toBe('=SUM(A1:A2),-5\r\n');
  });
});
