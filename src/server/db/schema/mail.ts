import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
}

/** The tables the mail module owns (db/schema/ownership.ts). Mail kept in the app when no SMTP server is configured. */
export interface MailTables {
  mail_outbox: MailOutboxTable;
}
