import { describe, expect, it } from 'vitest';
import { automaticPolicyLine, automaticRunAt, policyCovers } from './automatic-actions.ts';

describe('a launch rule’s automatic policy', () => {
  const policy = { mode: 'on' as const, afterMinutes: 15, accountIds: ['111122223333'] };

  it('covers only the accounts it names, or every account when it names none', () => {
    expect(policyCovers(policy, '111122223333')).toBe(true);
    expect(policyCovers(policy, '444455556666')).toBe(false);
    expect(policyCovers({ ...policy, accountIds: [] }, '444455556666')).toBe(true);
  });

  it('acts its minutes after the alert, across an hour and a day', () => {
    expect(automaticRunAt(policy, new Date('2026-12-31T23:50:00Z')).toISOString()).toBe(
      '2027-01-01T00:05:00.000Z',
    );
  });

  it('says when it acts and how a person keeps the instances, or that it only records', () => {
    const at = new Date('2026-12-06T14:45:00Z');
    expect(automaticPolicyLine('on', at, 8)).toBe(
      "Spendguard stops them at 14:45 UTC by this rule's automatic policy, unless someone keeps them running on the confirmation page before then.",
    );
    expect(automaticPolicyLine('on', at, 1)).toContain('stops it at 14:45 UTC');
    expect(automaticPolicyLine('dry-run', at, 8)).toBe(
      "This rule's automatic policy is a dry run: at 14:45 UTC Spendguard records what it would have stopped, and stops nothing.",
    );
  });
});
