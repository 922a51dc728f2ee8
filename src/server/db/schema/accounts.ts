import type { Timestamp } from './columns.ts';

export interface UsedVerificationTokensTable {
  token_hash: string;
  used_at: Timestamp;
}

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  defaultTimezone: string | null;
  phone: string | null;
  viewCustoms: string | null;
  isDemo: boolean | null;
  platformRole: string | null;
}

export interface SessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  activeOrganizationId: string | null;
  activeTeamId: string | null;
}

/** The tables the accounts module owns (db/schema/ownership.ts). Who people are and their sessions. `user` and `session` are better-auth's tables (created by its migrations, columns in camelCase as it names them). */
export interface AccountsTables {
  user: UserTable;
  session: SessionTable;
  used_verification_tokens: UsedVerificationTokensTable;
}
