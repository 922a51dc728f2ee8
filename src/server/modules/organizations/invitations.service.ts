import type { Kysely } from 'kysely';
import type { InviteUsersAnswer, PendingInvitation } from '../../../contracts/organizations.ts';
import { invitationExpiry } from '../../../domain/invitations.ts';
import {
  inviteProblem,
  isOrganizationRole,
  type OrganizationRole,
} from '../../../domain/organization-roles.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { InvitationCodes } from './invitation-codes.ts';
import { invitationMail } from './invitation-mail.ts';
import {
  findInvitation,
  findMemberEmails,
  findPendingInvitations,
  findUserIdByEmail,
  insertInvitation,
  renewInvitation,
  setInvitationStatus,
} from './invitations.repository.ts';
import { requireManager } from './organization-access.ts';
import { findTeam } from './teams.repository.ts';

export interface InvitationsDependencies {
  db: Kysely<DatabaseSchema>;
  mailer: Mailer;
  codes: InvitationCodes;
  publicUrl: string;
  /** The injected clock (decision 078): which invitations are still open. */
  now: () => Date;
}

const roleOf = (role: string): OrganizationRole => (isOrganizationRole(role) ? role : 'member');

/** POST organization-users: batch invitations by mail, their list and their withdrawal. */
export function createInvitationsService({
  db,
  mailer,
  codes,
  publicUrl,
  now: clock,
}: InvitationsDependencies) {
  /** New people land on the sign-up form, people with an account on the organization page. */
  const linkFor = (invitationId: string, accountExists: boolean) =>
    `${publicUrl}${accountExists ? '/organization' : '/sign-up'}?invitation=${encodeURIComponent(codes.codeFor(invitationId))}`;

  async function mailInvitation(invitationId: string) {
    const invitation = await findInvitation(db, invitationId);
    if (!invitation) return;
    const accountExists = (await findUserIdByEmail(db, invitation.email)) !== undefined;
    await mailer.send(
      invitationMail({
        to: invitation.email,
        organizationName: invitation.organizationName,
        invitedBy: invitation.invitedBy,
        role: invitation.role,
        teamName: invitation.teamName,
        expiresAt: invitation.expiresAt,
        url: linkFor(invitation.id, accountExists),
        accountExists,
      }),
    );
  }

  async function requireTeams(viewer: Viewer, teamIds: string[]) {
    for (const id of new Set(teamIds)) {
      if (!(await findTeam(db, viewer.organizationId, { id }))) throw notFound('Team');
    }
  }

  return {
    /** POST organization-users: invites each address once; members already in are reported, not mailed. */
    async invite(
      viewer: Viewer,
      users: Array<{ email: string; role: OrganizationRole; team_id?: string | null }>,
      now = clock(),
    ): Promise<InviteUsersAnswer> {
      requireManager(viewer, 'invite people');
      for (const user of users) {
        const problem = inviteProblem(viewer.organizationRole, user.role);
        if (problem) throw forbidden(problem);
      }
      await requireTeams(
        viewer,
        users.flatMap((user) => (user.team_id ? [user.team_id] : [])),
      );
      const unique = [...new Map(users.map((user) => [user.email, user])).values()];
      const members = await findMemberEmails(
        db,
        viewer.organizationId,
        unique.map((user) => user.email),
      );
      const results: InviteUsersAnswer['results'] = [];
      for (const user of unique) {
        if (members.has(user.email)) {
          results.push({ email: user.email, status: 'already_member', invitation_id: null });
          continue;
        }
        const draft = {
          organizationId: viewer.organizationId,
          email: user.email,
          role: user.role,
          teamId: user.team_id ?? null,
          inviterId: viewer.userId,
          expiresAt: invitationExpiry(now),
        };
        const [pending] = await findPendingInvitations(db, viewer.organizationId, user.email);
        const invitationId = pending?.id ?? (await insertInvitation(db, draft));
        if (pending) await renewInvitation(db, pending.id, draft);
        await mailInvitation(invitationId);
        results.push({
          email: user.email,
          status: pending ? 'reinvited' : 'invited',
          invitation_id: invitationId,
        });
      }
      return { results };
    },

    async listPending(viewer: Viewer, now = clock()): Promise<PendingInvitation[]> {
      requireManager(viewer, 'see pending invitations');
      const pending = await findPendingInvitations(db, viewer.organizationId);
      return pending.map((invitation) => ({
        id: invitation.id,
        email: invitation.email,
        role: roleOf(invitation.role),
        team:
          invitation.teamId && invitation.teamName && invitation.teamSlug
            ? { id: invitation.teamId, name: invitation.teamName, slug: invitation.teamSlug }
            : null,
        invited_by: invitation.invitedBy,
        expires_at: invitation.expiresAt.toISOString(),
        expired: invitation.expiresAt.getTime() <= now.getTime(),
      }));
    },

    async revoke(viewer: Viewer, invitationId: string): Promise<void> {
      requireManager(viewer, 'withdraw invitations');
      const invitation = await findInvitation(db, invitationId);
      if (
        !invitation ||
        invitation.organizationId !== viewer.organizationId ||
        invitation.status !== 'pending'
      ) {
        throw notFound('Invitation');
      }
      await setInvitationStatus(db, invitationId, 'canceled');
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
