import { type Kysely, sql } from 'kysely';

/**
 * One subscription per organization, the Stripe events already handled (idempotency), and
 * credits: codes issued by an operator, grants to organizations, and what invoices used of them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('organization_id', 'uuid', (col) =>
      col.primaryKey().references('organization.id').onDelete('cascade'),
    )
    .addColumn('plan', 'text', (col) =>
      col.notNull().defaultTo('free').check(sql`plan in ('free', 'business_monthly', 'business_yearly')`),
    )
    .addColumn('source', 'text', (col) =>
      col.notNull().defaultTo('free').check(sql`source in ('free', 'trial', 'stripe', 'operator')`),
    )
    .addColumn('trial_started_at', 'timestamptz')
    .addColumn('trial_ends_at', 'timestamptz')
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('cancel_at_period_end', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('payment_failed_at', 'timestamptz')
    .addColumn('last_paid_at', 'timestamptz')
    .addColumn('stripe_customer_id', 'text', (col) => col.unique())
    .addColumn('stripe_subscription_id', 'text', (col) => col.unique())
    .addColumn('stripe_status', 'text')
    .addColumn('stripe_state_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('stripe_events')
    .addColumn('event_id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('organization_id', 'uuid', (col) => col.references('organization.id').onDelete('set null'))
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('credit_codes')
    .addColumn('code_hash', 'text', (col) => col.primaryKey())
    .addColumn('code_hint', 'text', (col) => col.notNull())
    .addColumn('amount_usd', sql`numeric(12, 2)`, (col) => col.notNull().check(sql`amount_usd > 0`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('max_uses', 'integer', (col) => col.notNull().defaultTo(1).check(sql`max_uses > 0`))
    .addColumn('uses', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('credit_grants')
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('id', 'uuid', (col) => col.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('code_hash', 'text', (col) => col.references('credit_codes.code_hash'))
    .addColumn('amount_usd', sql`numeric(12, 2)`, (col) => col.notNull())
    .addColumn('remaining_usd', sql`numeric(12, 2)`, (col) => col.notNull().check(sql`remaining_usd >= 0`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('granted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('stripe_balance_transaction_id', 'text')
    .addColumn('expiry_settled_at', 'timestamptz')
    .addPrimaryKeyConstraint('credit_grants_pkey', ['organization_id', 'id'])
    .addUniqueConstraint('credit_grants_one_per_code', ['organization_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('credit_usages')
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('grant_id', 'uuid', (col) => col.notNull().references('credit_grants.id').onDelete('cascade'))
    .addColumn('amount_usd', sql`numeric(12, 2)`, (col) => col.notNull().check(sql`amount_usd > 0`))
    .addColumn('stripe_invoice_id', 'text', (col) => col.notNull())
    .addColumn('invoice_number', 'text')
    .addColumn('used_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('credit_usages_pkey', ['organization_id', 'stripe_invoice_id', 'grant_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('credit_usages').execute();
  await db.schema.dropTable('credit_grants').execute();
  await db.schema.dropTable('credit_codes').execute();
  await db.schema.dropTable('stripe_events').execute();
  await db.schema.dropTable('subscriptions').execute();
}
