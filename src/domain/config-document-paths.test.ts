import { describe, expect, it } from 'vitest';
import { documentPath, firstRepeatedName, keysLeftOut } from './config-document-paths.ts';

describe('naming a place in the file', () => {
  it('writes list positions in brackets and keys with dots', () => {
    expect(documentPath(['budgets', 2, 'amount_usd'])).toBe('budgets[2].amount_usd');
    expect(documentPath(['alert_rules', 0, 'settings', 'team'])).toBe('alert_rules[0].settings.team');
    expect(documentPath([])).toBe('document');
  });
});

describe('keys the schema did not know', () => {
  it('finds each key the parsed form left out, at any depth', () => {
    const written = {
      version: 1,
      budgets: [
        { name: 'A', filter: { services: [], region: 'x' } },
        { name: 'B', owner: 'me' },
      ],
    };
    const parsed = {
      version: 1,
      budgets: [
        { name: 'A', filter: { services: [] } },
        { name: 'B', paused: false },
      ],
    };
    expect(keysLeftOut(written, parsed)).toEqual([
      ['budgets', 0, 'filter', 'region'],
      ['budgets', 1, 'owner'],
    ]);
  });

  it('ignores keys the schema added as defaults', () => {
    expect(keysLeftOut({ a: 1 }, { a: 1, b: [] })).toEqual([]);
  });
});

it('finds the first name used twice, and where it was first', () => {
  expect(firstRepeatedName(['a', 'b', 'c', 'b'])).toEqual({ index: 3, firstIndex: 1 });
  expect(firstRepeatedName(['a', 'b'])).toBeNull();
});
