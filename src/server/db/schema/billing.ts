import type { ColumnType } from 'kysely';
import type { Timestamp } from './columns.ts';

export interface SubscriptionsTable {
  organization_id: string;
  plan: ColumnType<'free' | 'business_monthly' | 'business_yearly', string | undefined, string>;
  source: ColumnType<'free' | 'trial' | 'stripe' | 'operator', string | undefined, string>;
  trial_started_at: Timestamp | null;
  trial_ends_at: Timestamp | null;
  current_period_end: Timestamp | null;
  cancel_at_period_end: ColumnType<boolean, boolean | undefined, boolean>;
  cancelled_at: Timestamp | null;
  payment_failed_at: Timestamp | null;
  last_paid_at: Timestamp | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  stripe_status: string | null;
  /** `created` of the newest Stripe event applied to the subscription's state (out-of-order safety). */
  stripe_state_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface StripeEventsTable {
  event_id: string;
  type: string;
  organization_id: string | null;
  outcome: string;
  received_at: Timestamp;
}

export interface CreditCodesTable {
  code_hash: string;
  /** The code's last group, to recognise it in the history; the code itself is only kept hashed. */
  code_hint: string;
  amount_usd: ColumnType<string, string | number, string | number>;
  expires_at: Timestamp | null;
  max_uses: ColumnType<number, number | undefined, number>;
  uses: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface CreditGrantsTable {
  organization_id: string;
  id: string;
  code_hash: string | null;
  amount_usd: ColumnType<string, string | number, string | number>;
  remaining_usd: ColumnType<string, string | number, string | number>;
  expires_at: Timestamp | null;
  granted_at: Timestamp;
  stripe_balance_transaction_id: string | null;
  expiry_settled_at: Timestamp | null;
}

export interface CreditUsagesTable {
  organization_id: string;
  grant_id: string;
  amount_usd: ColumnType<string, string | number, string | number>;
  stripe_invoice_id: string;
  invoice_number: string | null;
  used_at: Timestamp;
}

/** The tables the billing module owns (db/schema/ownership.ts). Spendguard's own plans, Stripe events and credits. */
export interface BillingTables {
  subscriptions: SubscriptionsTable;
  stripe_events: StripeEventsTable;
  credit_codes: CreditCodesTable;
  credit_grants: CreditGrantsTable;
  credit_usages: CreditUsagesTable;
}
