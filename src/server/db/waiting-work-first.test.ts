import { type DatabaseConnection, type Driver, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKind } from '../testing/test-database.ts';
import type { Database } from './database.ts';
import { ConnectionTurns, letWaitingWorkFirst } from './waiting-work-first.ts';

/** A driver with one connection handed out in turn, as Kysely's PGlite driver does. */
function oneConnectionDriver(): Driver {
  const connection = {} as DatabaseConnection;
  const queue: Array<(value: DatabaseConnection) => void> = [];
  let held = false;
  return {
    init: async () => {},
    destroy: async () => {},
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    acquireConnection: async () => {
      if (!held) {
        held = true;
        return connection;
      }
      return new Promise((resolve) => queue.push(resolve));
    },
    releaseConnection: async () => {
      const next = queue.shift();
      if (next) next(connection);
      else held = false;
    },
  };
}

/** Whether `waiting` settles before the event loop's next turn: a run that went on did not wait. */
function settlesAtOnce(waiting: Promise<void>): Promise<boolean> {
  return Promise.race([
    waiting.then(() => true),
    new Promise<boolean>((resolve) => setImmediate(() => resolve(false))),
  ]);
}

describe('ConnectionTurns', () => {
  it('lets a run go on at once when nobody holds or waits for the connection', async () => {
    const turns = new ConnectionTurns({ quietMs: 60_000, limitMs: 60_000 });
    turns.track(oneConnectionDriver());
    expect(await settlesAtOnce(turns.othersFirst())).toBe(true);
  });

  it('waits while another holds the connection, then for quiet', async () => {
    const turns = new ConnectionTurns({ quietMs: 5, limitMs: 60_000 });
    const driver = turns.track(oneConnectionDriver());
    const connection = await driver.acquireConnection();
    const events: string[] = [];
    const waiting = turns.othersFirst().then(() => events.push('run goes on'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    events.push('request releases');
    await driver.releaseConnection(connection);
    expect(await settlesAtOnce(waiting.then(() => {}))).toBe(false);
    await waiting;
    expect(events).toEqual(['request releases', 'run goes on']);
  });

  it("never waits for background work such as the queue's polls", async () => {
    const turns = new ConnectionTurns({ quietMs: 60_000, limitMs: 60_000 });
    const polled = turns.track(oneConnectionDriver());
    await turns.inBackground(() => polled.acquireConnection());
    expect(await settlesAtOnce(turns.othersFirst())).toBe(true);
  });

  it('goes on after its limit even while another still holds the connection', async () => {
    const turns = new ConnectionTurns({ quietMs: 60_000, limitMs: 20 });
    const held = turns.track(oneConnectionDriver());
    await held.acquireConnection();
    const started = performance.now();
    await turns.othersFirst();
    const waitedMs = performance.now() - started;
    // Timers may fire a millisecond early; a minute would mean it waited for quiet instead.
    expect(waitedMs).toBeGreaterThanOrEqual(18);
    expect(waitedMs).toBeLessThan(5_000);
  });
});

describe('letWaitingWorkFirst', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('runs every statement of a request that queued behind a run before the run’s next transaction', async () => {
    const events: string[] = [];
    let requestArrives!: () => void;
    const firstTransactionOpen = new Promise<void>((resolve) => {
      requestArrives = resolve;
    });
    let requestDone!: () => void;
    const requestAnswered = new Promise<void>((resolve) => {
      requestDone = resolve;
    });
    const run = (async () => {
      for (const period of [1, 2, 3]) {
        await letWaitingWorkFirst(database.db);
        await database.db.transaction().execute(async (trx) => {
          events.push(`period ${period}`);
          await sql`select ${period}::int`.execute(trx);
          if (period !== 1) return;
          requestArrives();
          // A server's pool answers the request on another connection while this transaction stays open.
          if (testDatabaseKind === 'postgres') await requestAnswered;
        });
      }
    })();
    await firstTransactionOpen;
    for (const statement of [1, 2, 3, 4, 5]) {
      await sql`select ${statement}::int`.execute(database.db);
      events.push(`request ${statement}`);
    }
    requestDone();
    await run;
    expect(events).toEqual([
      'period 1',
      'request 1',
      'request 2',
      'request 3',
      'request 4',
      'request 5',
      'period 2',
      'period 3',
    ]);
  });
});
