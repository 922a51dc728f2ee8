import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { databaseNow } from '../../db/database-clock.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

export interface InvitationRow {
  id: string;
  organizationId: string;
  organizationName: string;
  email: string;
  role: string;
  teamId: string | null;
  teamName: string | null;
  teamSlug: string | null;
  status: string;
  expiresAt: Date;
  invitedBy: string;
}

const invitations = (db: Kysely<DatabaseSchema>) =>
  db
    .selectFrom('invitation')
    .innerJoin('organization', 'organization.id', 'invitation.organizationId')
    .innerJoin('user as inviter', 'inviter.id', 'invitation.inviterId')
    .leftJoin('team', (join) =>
      join
        .on((eb) => eb(eb.cast('team.id', 'text'), '=', eb.ref('invitation.teamId')))
        .onRef('team.organizationId', '=', 'invitation.organizationId'),
    )
    .leftJoin('team_slugs', 'team_slugs.team_id', 'team.id')
    .select((eb) => [
      'invitation.id',
      'invitation.organizationId',
      'organization.name as organizationName',
      'invitation.email',
      eb.fn.coalesce('invitation.role', eb.val('member')).as('role'),
      'team.id as teamId',
      'team.name as teamName',
      'team_slugs.slug as teamSlug',
      'invitation.status',
      'invitation.expiresAt',
      'inviter.name as invitedBy',
    ]);

export async function findInvitation(
  db: Kysely<DatabaseSchema>,
  invitationId: string,
): Promise<InvitationRow | undefined> {
  const row = await invitations(db).where('invitation.id', '=', invitationId).executeTakeFirst();
  return row && { ...row, expiresAt: new Date(row.expiresAt) };
}

export async function findPendingInvitations(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  email?: string,
): Promise<InvitationRow[]> {
  let query = invitations(db)
    .where('invitation.organizationId', '=', organizationId)
    .where('invitation.status', '=', 'pending');
  if (email !== undefined) query = query.where('invitation.email', '=', email);
  const rows = await query.orderBy('invitation.createdAt', 'desc').execute();
  return rows.map((row) => ({ ...row, expiresAt: new Date(row.expiresAt) }));
}

export interface InvitationDraft {
  organizationId: string;
  email: string;
  role: string;
  teamId: string | null;
  inviterId: string;
  expiresAt: Date;
}

export async function insertInvitation(db: Kysely<DatabaseSchema>, draft: InvitationDraft): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('invitation')
    .values({ id, ...draft, status: 'pending', createdAt: databaseNow() })
    .execute();
  return id;
}

/** A second invitation to the same address renews the pending one: new role, team, inviter and expiry. */
export async function renewInvitation(
  db: Kysely<DatabaseSchema>,
  invitationId: string,
  draft: InvitationDraft,
): Promise<void> {
  await db
    .updateTable('invitation')
    .set({ role: draft.role, teamId: draft.teamId, inviterId: draft.inviterId, expiresAt: draft.expiresAt })
    .where('id', '=', invitationId)
    .execute();
}

export async function setInvitationStatus(
  db: Kysely<DatabaseSchema>,
  invitationId: string,
  status: 'accepted' | 'canceled',
  onlyIfPending = true,
): Promise<boolean> {
  let query = db.updateTable('invitation').set({ status }).where('id', '=', invitationId);
  if (onlyIfPending) query = query.where('status', '=', 'pending');
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findUserIdByEmail(db: Kysely<DatabaseSchema>, email: string) {
  const row = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id;
}

export async function findMemberEmails(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  emails: string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('member')
    .innerJoin('user', 'user.id', 'member.userId')
    .select('user.email')
    .where('member.organizationId', '=', organizationId)
    .where('user.email', 'in', emails)
    .execute();
  return new Set(rows.map((row) => row.email));
}

/** The invitation reached this address: it proves the address as the verification mail would. */
export async function markEmailVerified(db: Kysely<DatabaseSchema>, userId: string): Promise<void> {
  await db
    .updateTable('user')
    .set({ emailVerified: true, updatedAt: databaseNow() })
    .where('id', '=', userId)
    .where('emailVerified', '=', false)
    .execute();
}
