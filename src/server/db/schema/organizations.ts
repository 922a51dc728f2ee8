import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

export interface MemberSlugsTable {
  organization_id: string;
  member_id: string;
  slug: string;
}

export interface TeamSlugsTable {
  organization_id: string;
  team_id: string;
  slug: string;
}

/** One row per usage account or per tag pair a team owns. */
export interface TeamCostScopesTable {
  id: Generated<string>;
  organization_id: string;
  team_id: string;
  usage_account_id: string | null;
  tag_key: string | null;
  tag_value: string | null;
}

export interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  metadata: string | null;
  createdAt: Timestamp;
}

export interface MemberTable {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: Timestamp;
}

export interface InvitationTable {
  id: string;
  organizationId: string;
  email: string;
  role: string | null;
  teamId: string | null;
  status: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  inviterId: string;
}

export interface TeamTable {
  id: string;
  name: string;
  organizationId: string;
  /** Kept by whoever changes teamMember (better-auth counts seats with it). */
  memberCount: number;
  createdAt: Timestamp;
  updatedAt: Timestamp | null;
}

export interface TeamMemberTable {
  id: string;
  teamId: string;
  userId: string;
  /** better-auth's uniqueness key: base64url(sha256(JSON.stringify([teamId, userId]))). */
  membershipKey: string | null;
  createdAt: Timestamp | null;
}

/** The tables the organizations module owns (db/schema/ownership.ts). Organizations, members, invitations and teams. The first five are better-auth's organization plugin tables (camelCase columns). */
export interface OrganizationsTables {
  organization: OrganizationTable;
  member: MemberTable;
  invitation: InvitationTable;
  team: TeamTable;
  teamMember: TeamMemberTable;
  member_slugs: MemberSlugsTable;
  team_slugs: TeamSlugsTable;
  team_cost_scopes: TeamCostScopesTable;
}
