/** Invitations into an organization: a link that works once, for seven days. */

export const INVITATION_VALID_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** At most this many people in one batch: one request, one screen of results. */
export const INVITATION_BATCH_LIMIT = 50;

export type InvitationStatus = 'pending' | 'accepted' | 'rejected' | 'canceled';

export function invitationExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + INVITATION_VALID_DAYS * DAY_MS);
}

export type InvitationProblem =
  | { code: 'InvitationUsed'; message: string }
  | { code: 'InvitationWithdrawn'; message: string }
  | { code: 'InvitationExpired'; message: string };

const PROBLEMS = {
  used: {
    code: 'InvitationUsed',
    message: 'This invitation was already used. Sign in to open the organization.',
  },
  withdrawn: {
    code: 'InvitationWithdrawn',
    message: 'This invitation was withdrawn. Ask an owner or admin of the organization for a new one.',
  },
  expired: {
    code: 'InvitationExpired',
    message: `This invitation has expired (links work for ${INVITATION_VALID_DAYS} days). Ask the person who invited you to send a new one.`,
  },
} as const satisfies Record<string, InvitationProblem>;

/** Why the invitation cannot be accepted now, or null when it can. */
export function invitationProblem(
  invitation: { status: string; expiresAt: Date },
  now: Date,
): InvitationProblem | null {
  if (invitation.status === 'accepted') return PROBLEMS.used;
  if (invitation.status !== 'pending') return PROBLEMS.withdrawn;
  if (invitation.expiresAt.getTime() <= now.getTime()) return PROBLEMS.expired;
  return null;
}

const ROLE_WORDS: Record<string, string> = { owner: 'an owner', admin: 'an admin', member: 'a member' };

/** What an invitation makes its person, as a sentence ends: "as a member of the Payments team". */
export function invitedAs(role: string, teamName: string | null): string {
  const as = `as ${ROLE_WORDS[role] ?? 'a member'}`;
  return teamName ? `${as} of the ${teamName} team` : as;
}
