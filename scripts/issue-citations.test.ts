import { describe, expect, it } from 'vitest';
import { citationsIn, isCheckedForCitations } from './issue-citations.ts';

// The cited forms are built from parts, so this file does not cite anything itself.
const issue = (n: number) => `issue ${n}`;
const section = (n: number) => `spec ${'§'}${n}`;

describe('citations of issue numbers and spec sections', () => {
  it('finds them in comments, test names and strings, with their lines', () => {
    const source = [
      `/** Budgets of ${issue(7)}: an amount per period. */`,
      'const budgets = [];',
      `it('answers 402 (${section(8)})', () => {});`,
      `// Who receives an alert (${'issues'} 7 and 9)`,
    ].join('\n');
    expect(citationsIn(source).map((citation) => citation.line)).toEqual([1, 3, 4]);
  });

  it('leaves a rule stated, a decision linked and words like issue-credit alone', () => {
    const source = [
      '/** Budgets: an amount per month, quarter or year (decision 047). */',
      "tokens.issue('unsubscribe', target, subject, 30);",
      '// npm run billing-admin -- issue-credit <code>',
    ].join('\n');
    expect(citationsIn(source)).toEqual([]);
  });

  it('covers code and tests in src, scripts and e2e and the configuration files, not the documents', () => {
    expect(isCheckedForCitations('src/domain/budgets.ts')).toBe(true);
    expect(isCheckedForCitations('src/web/app/router.tsx')).toBe(true);
    expect(isCheckedForCitations('e2e/phone.spec.ts')).toBe(true);
    expect(isCheckedForCitations('vite.config.ts')).toBe(true);
    expect(isCheckedForCitations('docs/decisions/047-alert-kinds.md')).toBe(false);
    expect(isCheckedForCitations('bench/README.md')).toBe(false);
  });
});
