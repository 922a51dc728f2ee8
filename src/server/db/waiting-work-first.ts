import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection, Driver, Kysely } from 'kysely';
import type { DatabaseSchema } from './schema.ts';

/**
 * Work that queued behind a long background transaction goes first (decision 065).
 *
 * The embedded database is one connection, handed out in turn. A run swapping billing periods holds it
 * for about a second per period; a request needing several statements in a row took one turn per
 * statement, each behind the run's next period, and a demo sign-in during a resync took 4-12 s. Between
 * its periods, a run now waits while others use the connection, and until they have been quiet for
 * `quietMs` (a request's next statement comes a few milliseconds after its last), for `limitMs` at most,
 * so a steady stream of requests cannot stop it. Nobody waiting costs the run nothing.
 */
export class ConnectionTurns {
  /** Marks work that never waits for a run: pg-boss's polls, about ten a second, would never let it go on. */
  private readonly background = new AsyncLocalStorage<true>();
  private users = 0;
  private lastActive = 0;
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly options: { quietMs: number; limitMs: number },
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Wraps a driver that hands out its one connection in turn, counting who holds it or waits. */
  track(driver: Driver): Driver {
    const acquire = driver.acquireConnection.bind(driver);
    const release = driver.releaseConnection.bind(driver);
    driver.acquireConnection = async () => {
      if (this.background.getStore()) return acquire();
      this.users++;
      this.lastActive = this.now();
      try {
        return await acquire();
      } catch (error) {
        // Refused (a closed database): nobody holds or waits.
        this.users--;
        throw error;
      }
    };
    driver.releaseConnection = async (connection: DatabaseConnection) => {
      if (this.background.getStore()) return release(connection);
      try {
        await release(connection);
      } finally {
        this.users--;
        this.lastActive = this.now();
        for (const wake of this.waiters) wake();
      }
    };
    return driver;
  }

  /** Runs `work` without counting it as someone a run should let go first. */
  inBackground<T>(work: () => Promise<T>): Promise<T> {
    return this.background.run(true, work);
  }

  /** Resolves once nobody holds or waits for the connection and it has been quiet for `quietMs`. */
  async othersFirst(): Promise<void> {
    if (this.users === 0) return;
    const deadline = this.now() + this.options.limitMs;
    while (this.now() < deadline) {
      const quietFor = this.now() - this.lastActive;
      if (this.users === 0 && quietFor >= this.options.quietMs) return;
      const wait = this.users === 0 ? this.options.quietMs - quietFor : deadline - this.now();
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.max(1, Math.min(wait, deadline - this.now())));
        this.waiters.add(done);
      });
    }
  }
}

const turns = new WeakMap<Kysely<DatabaseSchema>, ConnectionTurns>();

/** database.ts registers the embedded database's turns; a server's pool has no such queue. */
export function registerConnectionTurns(db: Kysely<DatabaseSchema>, connectionTurns: ConnectionTurns): void {
  turns.set(db, connectionTurns);
}

/** Between the transactions of long background work: lets queued requests have the database first. */
export function letWaitingWorkFirst(db: Kysely<DatabaseSchema>): Promise<void> {
  return turns.get(db)?.othersFirst() ?? Promise.resolve();
}
