import { describe, expect, it } from 'vitest';
import {
  STORABLE_MESSAGE_LENGTH,
  storableFailure,
  storableText,
  storableTextOrNull,
} from './storable-text.ts';

describe('storable text', () => {
  it('keeps ordinary text, tabs and line breaks as they are', () => {
    expect(storableText('lineItem/UnblendedCost\tline 2\r\nend')).toBe(
      'lineItem/UnblendedCost\tline 2\r\nend',
    );
  });

  it('replaces NUL and other control characters, which PostgreSQL refuses or nobody can read', () => {
    expect(storableText('a\u0000b\u0007c\u007fd')).toBe('a\uFFFDb\uFFFDc\uFFFDd');
    expect(storableText('\u0000'.repeat(3))).not.toContain('\u0000');
  });

  it('cuts long text to the bound with an ellipsis', () => {
    const cut = storableText('x'.repeat(1_000_000));
    expect(cut).toHaveLength(STORABLE_MESSAGE_LENGTH);
    expect(cut.endsWith('…')).toBe(true);
    expect(storableText('abcdef', 4)).toBe('abc…');
  });

  it('never cuts a character made of two UTF-16 units in half', () => {
    const cut = storableText('ab😀cd', 4);
    expect(cut).toBe('ab…');
    expect(JSON.parse(JSON.stringify(cut))).toBe(cut);
  });

  it('passes null and undefined through as null', () => {
    expect(storableTextOrNull(null)).toBeNull();
    expect(storableTextOrNull(undefined)).toBeNull();
    expect(storableTextOrNull('a\u0000')).toBe('a\uFFFD');
  });
});

describe('storable failure', () => {
  it('cleans the file, column and message and keeps the row', () => {
    expect(
      storableFailure({
        file: 'a\u0000.csv',
        column: 'c\u0000',
        row: 7,
        message: `m\u0000${'x'.repeat(5000)}`,
      }),
    ).toEqual({
      file: 'a\uFFFD.csv',
      column: 'c\uFFFD',
      row: 7,
      message: expect.stringMatching(/^m\uFFFDx+…$/),
    });
  });

  it('never stores an empty message', () => {
    expect(storableFailure({ file: null, column: null, row: null, message: '' }).message).toMatch(/failed/);
  });
});
