/**
 * Table types of the whole database, combined from the tables each module owns (db/schema/<module>.ts;
 * the owner of each table is named in db/schema/ownership.ts). A module adds its tables to its own file
 * with its migration.
 */
import type { AccountsTables } from './schema/accounts.ts';
import type { ActionsTables } from './schema/actions.ts';
import type { AlertsTables } from './schema/alerts.ts';
import type { AnalyticsTables } from './schema/analytics.ts';
import type { ApiTokensTables } from './schema/api-tokens.ts';
import type { BillingTables } from './schema/billing.ts';
import type { ChatTables } from './schema/chat.ts';
import type { CommitmentsTables } from './schema/commitments.ts';
import type { ConsultationsTables } from './schema/consultations.ts';
import type { CostDataTables } from './schema/cost-data.ts';
import type { IntegrationsTables } from './schema/integrations.ts';
import type { LaunchEventsTables } from './schema/launch-events.ts';
import type { MailTables } from './schema/mail.ts';
import type { OrganizationsTables } from './schema/organizations.ts';
import type { RecommendationsTables } from './schema/recommendations.ts';
import type { UsageMeterTables } from './schema/usage-meter.ts';
import type { UsersTables } from './schema/users.ts';

export type * from './schema/accounts.ts';
export type * from './schema/actions.ts';
export type * from './schema/alerts.ts';
export type * from './schema/analytics.ts';
export type * from './schema/api-tokens.ts';
export type * from './schema/billing.ts';
export type * from './schema/chat.ts';
export type * from './schema/columns.ts';
export type * from './schema/commitments.ts';
export type * from './schema/consultations.ts';
export type * from './schema/cost-data.ts';
export type * from './schema/integrations.ts';
export type * from './schema/launch-events.ts';
export type * from './schema/mail.ts';
export type * from './schema/organizations.ts';
export type * from './schema/recommendations.ts';
export type * from './schema/usage-meter.ts';
export type * from './schema/users.ts';

export interface DatabaseSchema
  extends AccountsTables,
    UsersTables,
    OrganizationsTables,
    AnalyticsTables,
    MailTables,
    ChatTables,
    ConsultationsTables,
    IntegrationsTables,
    CostDataTables,
    RecommendationsTables,
    BillingTables,
    AlertsTables,
    LaunchEventsTables,
    ApiTokensTables,
    UsageMeterTables,
    ActionsTables,
    CommitmentsTables {}
