import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/** An organization API token: only the SHA-256 of its secret is kept (decision 056). */
export interface ApiTokensTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  token_hash: string;
  last_four: string;
  /** Space-separated scopes (src/domain/api-token-scopes.ts). */
  scopes: string;
  created_by: string | null;
  created_at: Generated<Date>;
  expires_at: Timestamp | null;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  revoked_by: string | null;
}

/** The token audit log: created, revoked, and each refusal of a token (a missing scope, a route outside). */
export interface ApiTokenEventsTable {
  id: Generated<string>;
  organization_id: string;
  token_id: string | null;
  token_name: string;
  action: string;
  actor_user_id: string | null;
  actor_name: string | null;
  detail: string;
  created_at: Generated<Date>;
}

export interface ApiTokensTables {
  api_tokens: ApiTokensTable;
  api_token_events: ApiTokenEventsTable;
}
