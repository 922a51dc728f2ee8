/** Who receives alerts: members and their preferences, added addresses, digest subscribers, used link tokens. */
import type { Kysely, Transaction } from 'kysely';
import { databaseNow } from '../../db/database-clock.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

export function listOrganizationPeople(db: Db, organizationId: string) {
  return db
    .selectFrom('member')
    .innerJoin('user', 'user.id', 'member.userId')
    .leftJoin('notification_preferences as p', (join) =>
      join.onRef('p.user_id', '=', 'member.userId').on('p.organization_id', '=', organizationId),
    )
    .select([
      'member.userId as user_id',
      'member.role as role',
      'user.email as email',
      'user.name as name',
      'p.email as pref_email',
      'p.slack as pref_slack',
      'p.digest as pref_digest',
      'p.muted_kinds as pref_muted_kinds',
    ])
    .where('member.organizationId', '=', organizationId)
    .execute();
}

export function findPreferences(db: Db, organizationId: string, userId: string) {
  return db
    .selectFrom('notification_preferences')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function savePreferences(
  db: Db,
  organizationId: string,
  userId: string,
  values: { email: boolean; slack: boolean; digest: string; mutedKinds: string[] },
) {
  const { mutedKinds, ...rest } = values;
  const row = { ...rest, muted_kinds: JSON.stringify(mutedKinds), updated_at: databaseNow() };
  await db
    .insertInto('notification_preferences')
    .values({ organization_id: organizationId, user_id: userId, ...row })
    .onConflict((conflict) => conflict.columns(['organization_id', 'user_id']).doUpdateSet(row))
    .execute();
}

export async function setEmailPreference(db: Db, organizationId: string, userId: string, email: boolean) {
  await db
    .insertInto('notification_preferences')
    .values({ organization_id: organizationId, user_id: userId, email })
    .onConflict((conflict) => conflict.columns(['organization_id', 'user_id']).doUpdateSet({ email }))
    .execute();
}

/** The organization's added addresses in force (not those a change left out). */
export function listRecipients(db: Db, organizationId: string) {
  return db
    .selectFrom('alert_recipients')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('removed_at', 'is', null)
    .orderBy('email')
    .execute();
}

export function findRecipient(db: Db, id: string) {
  return db.selectFrom('alert_recipients').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Makes `emails` the organization's added addresses (decision 076): one left out is marked removed and
 * kept, with its confirmation and unsubscribe; one that stays is not touched; one added, or added again,
 * is returned.
 */
export async function setRecipients(
  db: Db,
  organizationId: string,
  emails: readonly string[],
  addedBy: string,
  now: Date,
) {
  let leftOut = db
    .updateTable('alert_recipients')
    .set({ removed_at: now })
    .where('organization_id', '=', organizationId)
    .where('removed_at', 'is', null);
  if (emails.length > 0) leftOut = leftOut.where('email', 'not in', emails);
  await leftOut.execute();
  if (emails.length === 0) return [];
  return db
    .insertInto('alert_recipients')
    .values(emails.map((email) => ({ organization_id: organizationId, email, added_by: addedBy })))
    .onConflict((conflict) =>
      conflict
        .columns(['organization_id', 'email'])
        .doUpdateSet({ removed_at: null, added_by: addedBy })
        .where('alert_recipients.removed_at', 'is not', null),
    )
    .returningAll()
    .execute();
}

/**
 * Records a confirmation mail to the address now, unless it needs none or one went out after
 * `windowStart` (another change may have just sent it); false when no mail should go.
 */
export async function claimConfirmationMail(db: Db, id: string, now: Date, windowStart: Date) {
  const claimed = await db
    .updateTable('alert_recipients')
    .set({ confirmation_sent_at: now })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .where('unsubscribed_at', 'is', null)
    .where((eb) =>
      eb.or([eb('confirmation_sent_at', 'is', null), eb('confirmation_sent_at', '<=', windowStart)]),
    )
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function confirmRecipient(db: Db, id: string) {
  await db
    .updateTable('alert_recipients')
    .set({ confirmed_at: databaseNow(), unsubscribed_at: null })
    .where('id', '=', id)
    .execute();
}

export async function unsubscribeRecipient(db: Db, id: string) {
  await db
    .updateTable('alert_recipients')
    .set({ unsubscribed_at: databaseNow() })
    .where('id', '=', id)
    .execute();
}

/** Marks a link token used; false when it already was. */
export async function markLinkTokenUsed(db: Db, tokenId: string): Promise<boolean> {
  const row = await db
    .insertInto('used_alert_link_tokens')
    .values({ token_id: tokenId })
    .onConflict((conflict) => conflict.column('token_id').doNothing())
    .returning('token_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findUserEmail(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email;
}

/** People who asked for a daily or weekly digest, with their address. */
export function listDigestSubscribers(db: Db) {
  return db
    .selectFrom('notification_preferences as p')
    .innerJoin('user', 'user.id', 'p.user_id')
    .innerJoin('member', (join) =>
      join.onRef('member.userId', '=', 'p.user_id').onRef('member.organizationId', '=', 'p.organization_id'),
    )
    .select(['p.organization_id', 'p.user_id', 'p.digest', 'user.email'])
    .where('p.digest', 'in', ['daily', 'weekly'])
    .execute();
}
