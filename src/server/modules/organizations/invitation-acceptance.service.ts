import type { Kysely } from 'kysely';
import type { InvitationPreview, MyOrganization } from '../../../contracts/organizations.ts';
import { invitationProblem } from '../../../domain/invitations.ts';
import { isOrganizationRole, type OrganizationRole } from '../../../domain/organization-roles.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { ApiError, notFound } from '../../plugins/errors.ts';
import type { InvitationCodes } from './invitation-codes.ts';
import {
  findInvitation,
  findUserIdByEmail,
  type InvitationRow,
  markEmailVerified,
  setInvitationStatus,
} from './invitations.repository.ts';
import { findMemberRole, insertMember } from './members.repository.ts';
import type { OrganizationsService } from './organizations.service.ts';
import { addTeamMembers } from './teams.repository.ts';

const roleOf = (role: string): OrganizationRole => (isOrganizationRole(role) ? role : 'member');

/**
 * Following an invitation link: what it offers, and joining with it, signed in or while signing up. Joining
 * proves the address (only that mailbox received the signed code).
 */
export function createInvitationAcceptanceService({
  db,
  codes,
  organizations,
  now: clock,
}: {
  db: Kysely<DatabaseSchema>;
  codes: InvitationCodes;
  organizations: OrganizationsService;
  /** The injected clock (decision 078): whether an invitation has expired. */
  now: () => Date;
}) {
  async function usableInvitation(code: string, email: string, now = clock()): Promise<InvitationRow> {
    const invitationId = codes.invitationIdOf(code);
    const invitation = invitationId && (await findInvitation(db, invitationId));
    if (!invitation) throw notFound('Invitation');
    const problem = invitationProblem(invitation, now);
    if (problem) throw new ApiError(410, problem.code, problem.message);
    if (invitation.email !== email.toLowerCase()) {
      throw new ApiError(
        403,
        'InvitationForAnotherEmail',
        `This invitation was sent to ${invitation.email}. Sign in with that address to accept it.`,
      );
    }
    return invitation;
  }

  /** Joins the organization (and the team) the invitation names, once: a second use finds it accepted. */
  async function join(invitation: InvitationRow, person: { id: string; email: string }): Promise<void> {
    await db.transaction().execute(async (trx) => {
      if (!(await setInvitationStatus(trx, invitation.id, 'accepted'))) {
        throw new ApiError(
          410,
          'InvitationUsed',
          'This invitation was already used. Sign in to open the organization.',
        );
      }
      if ((await findMemberRole(trx, invitation.organizationId, person.id)) === undefined) {
        await insertMember(trx, invitation.organizationId, person, roleOf(invitation.role));
      }
      if (invitation.teamId) await addTeamMembers(trx, invitation.teamId, [person.id]);
    });
    await markEmailVerified(db, person.id);
  }

  return {
    /** What the link's landing page shows; anyone holding the mailed code may read it. */
    async preview(code: string, now = clock()): Promise<InvitationPreview> {
      const invitationId = codes.invitationIdOf(code);
      const invitation = invitationId && (await findInvitation(db, invitationId));
      if (!invitation) throw notFound('Invitation');
      return {
        organization_name: invitation.organizationName,
        email: invitation.email,
        role: roleOf(invitation.role),
        team_name: invitation.teamName,
        invited_by: invitation.invitedBy,
        expires_at: invitation.expiresAt.toISOString(),
        account_exists: (await findUserIdByEmail(db, invitation.email)) !== undefined,
        problem: invitationProblem(invitation, now)?.message ?? null,
      };
    },

    /** A signed-in person accepts: they join, and their session moves to the organization. */
    async accept(viewer: Viewer, code: string): Promise<MyOrganization> {
      const invitation = await usableInvitation(code, viewer.email);
      await join(invitation, { id: viewer.userId, email: viewer.email });
      return organizations.activate(viewer, invitation.organizationId);
    },

    /** Before an account is created with an invitation code: refuses a code that cannot be used. */
    async checkAtSignUp(code: string, email: string): Promise<void> {
      await usableInvitation(code, email);
    },

    /** Right after that account is created: it joins instead of getting a personal organization. */
    async joinAtSignUp(code: string, person: { id: string; email: string }): Promise<boolean> {
      try {
        await join(await usableInvitation(code, person.email), person);
        return true;
      } catch (error) {
        if (error instanceof ApiError) return false;
        throw error;
      }
    },
  };
}

export type InvitationAcceptanceService = ReturnType<typeof createInvitationAcceptanceService>;
