import PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';

export type Queue = PgBoss;

type Statement = ReturnType<Database['executeSql']>;

/**
 * pg-boss's statements on PGlite's shared connection, which the app closes after stopQueue. pg-boss
 * does not await a job's complete() or fail(): one sent as the stop ends, or by a job that outlives the
 * stop's timeout, would otherwise meet the closed database as an unhandled rejection. So stopQueue
 * waits for the statements in flight, and one sent after it answers nothing, as pg-boss's own pool does
 * once closed (its Db.executeSql returns undefined, read as no rows). pg-boss failed such a job at the
 * stop ("pg-boss shut down while active"); its retry policy decides what follows.
 */
class SharedConnectionStatements {
  private readonly inFlight = new Set<Statement>();
  private closed = false;

  constructor(private readonly database: Database) {}

  readonly executeSql = (text: string, values?: unknown[]): Statement => {
    if (this.closed) return Promise.resolve(undefined as unknown as Awaited<Statement>);
    const statement = this.database.executeSql(text, values);
    this.inFlight.add(statement);
    const settled = () => this.inFlight.delete(statement);
    statement.then(settled, settled);
    return statement;
  };

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.inFlight]);
  }
}

const sharedConnections = new WeakMap<Queue, SharedConnectionStatements>();

/**
 * pg-boss on the same database as everything else: its own pool on PostgreSQL (whose end() waits for
 * the statements in flight), the shared single connection on PGlite.
 */
export async function startQueue(database: Database, onError: (error: Error) => void): Promise<Queue> {
  const shared = database.kind === 'pglite' ? new SharedConnectionStatements(database) : undefined;
  const options: PgBoss.ConstructorOptions = shared
    ? { db: { executeSql: shared.executeSql }, supervise: true }
    : { connectionString: database.connectionString, max: 4 };
  const boss = new PgBoss({ ...options, schema: 'pgboss', application_name: 'spendguard' });
  if (shared) sharedConnections.set(boss, shared);
  boss.on('error', onError);
  await boss.start();
  return boss;
}

/** Lets running jobs finish (up to the timeout) before the database closes. */
export async function stopQueue(boss: Queue, timeoutMs: number): Promise<void> {
  await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
  await sharedConnections.get(boss)?.close();
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
