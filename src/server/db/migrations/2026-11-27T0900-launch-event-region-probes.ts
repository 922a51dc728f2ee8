import { type Kysely, sql } from 'kysely';

/**
 * Decision 046: each integration's launch-events queues are discovered, not assumed. The
 * poller asks every commercial region whether the queue is there (at a session's start, then about
 * hourly) and keeps each region's last answer and when it was asked; it polls where the queue is.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('launch_event_region_probes')
    .addColumn('integration_id', 'uuid', (col) =>
      col.notNull().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('region', 'text', (col) => col.notNull())
    // 'queue', 'no-queue', 'denied' or 'unreachable' (src/domain/launch-event-regions.ts).
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('probed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('launch_event_region_probes_pkey', ['integration_id', 'region'])
    .execute();
  // The regions polled so far were assumed (us-east-1, the export's, the server's); the first probe
  // replaces them. Lines saying "queue missing" for a region nobody deployed to go now.
  await db.deleteFrom('launch_event_queues').where('state', '=', 'queue-missing').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('launch_event_region_probes').ifExists().execute();
}
