import PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';

export type Queue = PgBoss;

/**
 * pg-boss on the same database as everything else: its own pool on PostgreSQL, the shared
 * single connection on PGlite.
 */
export async function startQueue(database: Database, onError: (error: Error) => void): Promise<Queue> {
  const options: PgBoss.ConstructorOptions =
    database.kind === 'postgres'
      ? { connectionString: database.connectionString, max: 4 }
      : { db: { executeSql: database.executeSql }, supervise: true };
  const boss = new PgBoss({ ...options, schema: 'pgboss', application_name: 'spendguard' });
  boss.on('error', onError);
  await boss.start();
  return boss;
}

/** Lets running jobs finish (up to the timeout) before the database closes. */
export async function stopQueue(boss: Queue, timeoutMs: number): Promise<void> {
  await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
}

export async function isQueueRunning(boss: Queue | undefined): Promise<boolean> {
  if (!boss) return false;
  try {
    await boss.getQueues();
    return true;
  } catch {
    return false;
  }
}
