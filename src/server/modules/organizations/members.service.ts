import type { Kysely } from 'kysely';
import { NOTIFICATION_KINDS } from '../../../contracts/alerts.ts';
import type { MemberAlerts, MemberProfile, OrganizationMember } from '../../../contracts/organizations.ts';
import { memberChangeProblem, type OrganizationRole } from '../../../domain/organization-roles.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { ApiError, forbidden, notFound } from '../../plugins/errors.ts';
import { readMembers } from './member-directory.ts';
import {
  countOwners,
  deleteMember,
  findMemberRole,
  findUserNameAndEmail,
  updateMemberRole,
} from './members.repository.ts';
import { requireManager } from './organization-access.ts';
import type { OrganizationsService } from './organizations.service.ts';
import { recountTeamMembers } from './teams.repository.ts';

/** The people of the viewer's organization: profiles, roles, and removal with the last owner kept. */
/** What one person of an organization receives, told by the alerts module. */
export type AlertsReceivedBy = (viewer: Viewer, userId: string) => Promise<MemberAlerts>;

/** Before any alert setting exists: e-mail on, no digest, every kind, nothing sent yet. */
const NO_ALERTS: MemberAlerts = { email: true, digest: 'off', kinds: [...NOTIFICATION_KINDS], recent: [] };

export function createMembersService(db: Kysely<DatabaseSchema>, organizations: OrganizationsService) {
  async function targetRole(viewer: Viewer, userId: string): Promise<string> {
    const role = await findMemberRole(db, viewer.organizationId, userId);
    if (role === undefined) throw notFound('Member');
    return role;
  }

  async function assertChangeAllowed(viewer: Viewer, userId: string, newRole?: OrganizationRole) {
    const problem = memberChangeProblem({
      actorRole: viewer.organizationRole,
      targetRole: await targetRole(viewer, userId),
      newRole,
      ownerCount: await countOwners(db, viewer.organizationId),
    });
    if (problem === null) return;
    if (problem.code === 'LastOwner') throw new ApiError(409, 'LastOwner', problem.message);
    throw forbidden(problem.message);
  }

  async function memberBy(viewer: Viewer, filter: { slug: string } | { userId: string }) {
    const [member] = await readMembers(
      db,
      viewer.organizationId,
      'slug' in filter ? { slug: filter.slug } : { userIds: [filter.userId] },
    );
    if (!member) throw notFound('Member');
    return member;
  }

  let alertsReceivedBy: AlertsReceivedBy = async () => NO_ALERTS;

  return {
    /** The alerts module tells the member page what one person receives (it is built after this one). */
    registerAlertsReader(reader: AlertsReceivedBy): void {
      alertsReceivedBy = reader;
    },

    /** The member page: profile, teams, role, last activity, and the alerts they receive. */
    async profile(viewer: Viewer, slug: string): Promise<MemberProfile> {
      const member = await memberBy(viewer, { slug });
      const alerts = await alertsReceivedBy(viewer, member.user_id);
      return {
        ...member,
        alert_channels: alerts.email ? [{ kind: 'email', address: member.email }] : [],
        alerts,
      };
    },

    async changeRole(viewer: Viewer, userId: string, role: OrganizationRole): Promise<OrganizationMember> {
      requireManager(viewer, 'change roles');
      await assertChangeAllowed(viewer, userId, role);
      await updateMemberRole(db, viewer.organizationId, userId, role);
      return memberBy(viewer, { userId });
    },

    /**
     * Removes the person from the organization and its teams. Every account belongs to an organization, so
     * someone removed from their only one gets a personal organization again.
     */
    async removeFromOrganization(viewer: Viewer, userId: string): Promise<void> {
      requireManager(viewer, 'remove people');
      await assertChangeAllowed(viewer, userId);
      await db.transaction().execute(async (trx) => {
        const teamIds = await deleteMember(trx, viewer.organizationId, userId);
        await recountTeamMembers(trx, teamIds);
      });
      if ((await organizations.memberships(userId)).length > 0) return;
      const person = await findUserNameAndEmail(db, userId);
      if (person) await organizations.createPersonalOrganization(person);
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
