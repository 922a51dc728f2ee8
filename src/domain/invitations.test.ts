import { describe, expect, it } from 'vitest';
import { invitationExpiry, invitationProblem, invitedAs } from './invitations.ts';

const sentAt = new Date('2026-11-01T10:00:00Z');
const expiresAt = invitationExpiry(sentAt);

describe('an invitation link', () => {
  it('works for seven days', () => {
    expect(expiresAt.toISOString()).toBe('2026-11-08T10:00:00.000Z');
    expect(invitationProblem({ status: 'pending', expiresAt }, new Date('2026-11-08T09:59:59Z'))).toBeNull();
  });

  it('is refused from the moment it expires', () => {
    expect(invitationProblem({ status: 'pending', expiresAt }, new Date('2026-11-08T10:00:00Z'))?.code).toBe(
      'InvitationExpired',
    );
  });

  it('works once', () => {
    const problem = invitationProblem({ status: 'accepted', expiresAt }, sentAt);
    expect(problem?.code).toBe('InvitationUsed');
    expect(problem?.message).toMatch(/already used/);
  });

  it('is refused once withdrawn', () => {
    expect(invitationProblem({ status: 'canceled', expiresAt }, sentAt)?.code).toBe('InvitationWithdrawn');
  });
});

describe('what an invitation makes its person', () => {
  it('names the role with its article, and the team when there is one', () => {
    expect(invitedAs('member', 'Payments')).toBe('as a member of the Payments team');
    expect(invitedAs('admin', null)).toBe('as an admin');
  });
});
