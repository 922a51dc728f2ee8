import { describe, expect, it } from 'vitest';
import { countWords, formatPostDate, readingMinutes } from './post-metadata.ts';

describe('blog post metadata', () => {
  it('writes the date out in full, the way a reader says it', () => {
    expect(formatPostDate('2026-09-14')).toBe('September 14, 2026');
    expect(formatPostDate('2026-11-01')).toBe('November 1, 2026');
  });

  it('leaves a date it cannot read as it was written', () => {
    expect(formatPostDate('soon')).toBe('soon');
  });

  it('counts the words of the prose, not the Markdown marks or code blocks', () => {
    expect(countWords('## A heading\n\nOne **two** three.\n\n```sql\nSELECT 1\n```')).toBe(5);
  });

  it('rounds reading time up to whole minutes, and never says zero', () => {
    expect(readingMinutes('word '.repeat(221))).toBe(2);
    expect(readingMinutes('word')).toBe(1);
  });
});
