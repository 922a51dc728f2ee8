import type { Generated } from 'kysely';
import type { Day, Json, Timestamp } from './columns.ts';

export interface IntegrationsTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  kind: string;
  source: string;
  role_arn: string | null;
  /** The opt-in action role (decision 102); null: Spendguard only reads this account. */
  action_role_arn: string | null;
  external_id: string;
  export_location: Json | null;
  is_default: Generated<boolean>;
  state: Generated<string>;
  last_error: Json | null;
  last_synced_at: Timestamp | null;
  fresh_through: Day | null;
  accounts: Json;
  settings: Json;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The tables the integrations module owns (db/schema/ownership.ts). Connected AWS accounts and their billing sources. */
export interface IntegrationsTables {
  integrations: IntegrationsTable;
}
