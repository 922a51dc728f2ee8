import type { Kysely } from 'kysely';
import type { OrganizationMember, TeamReference } from '../../../contracts/organizations.ts';
import { isOrganizationRole } from '../../../domain/organization-roles.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import {
  findMemberRows,
  findTeamsOfMembers,
  type MemberFilter,
  type MemberRow,
} from './members.repository.ts';

function toOrganizationMember(row: MemberRow, teams: TeamReference[]): OrganizationMember {
  return {
    user_id: row.userId,
    slug: row.slug,
    fullname: row.name,
    email: row.email,
    role: isOrganizationRole(row.role) ? row.role : 'member',
    joined_at: new Date(row.joinedAt).toISOString(),
    last_active_at: row.lastActiveAt ? row.lastActiveAt.toISOString() : null,
    teams,
  };
}

/** Members of one organization as the API shows them: profile, role, last activity and teams. */
export async function readMembers(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  filter: MemberFilter = {},
): Promise<OrganizationMember[]> {
  const rows = await findMemberRows(db, organizationId, filter);
  const teams = await findTeamsOfMembers(
    db,
    organizationId,
    rows.map((row) => row.userId),
  );
  return rows.map((row) =>
    toOrganizationMember(
      row,
      teams
        .filter((team) => team.userId === row.userId)
        .map((team) => ({ id: team.id, name: team.name, slug: team.slug })),
    ),
  );
}
