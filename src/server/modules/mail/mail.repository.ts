import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { OutgoingMail } from './outgoing-mail.ts';

export interface OutboxMail extends OutgoingMail {
  id: string;
  createdAt: Date;
}

export async function insertOutboxMail(db: Kysely<DatabaseSchema>, mail: OutgoingMail): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      headers: JSON.stringify(mail.headers ?? {}),
    })
    .execute();
}

export async function listOutboxMails(
  db: Kysely<DatabaseSchema>,
  limit: number,
  to?: string,
): Promise<OutboxMail[]> {
  let query = db.selectFrom('mail_outbox').selectAll().orderBy('created_at', 'desc').limit(limit);
  if (to) query = query.where('to_address', '=', to.toLowerCase());
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    headers: row.headers as Record<string, string>,
    createdAt: row.created_at,
  }));
}
