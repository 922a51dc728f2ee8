import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { registerCopyRows } from './bulk-copy.ts';
import { PGliteOnThread } from './pglite-on-thread.ts';
import type { DatabaseSchema } from './schema.ts';
import { asText, DATE_OID } from './type-parsers.ts';
import { ConnectionTurns, registerConnectionTurns } from './waiting-work-first.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** One database handle for the whole process: Kysely for our queries, `executeSql` for pg-boss. */
export interface Database {
  kind: DatabaseKind;
  db: Kysely<DatabaseSchema>;
  /** pg-boss's adapter: several statements without parameters, or one statement with them. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** A PostgreSQL connection string when on a server (LISTEN/NOTIFY needs its own connection). */
  connectionString?: string;
  close(): Promise<void>;
}

/** `pg` reads as PGlite does (type-parsers.ts): numeric and bigint as exact text, a date as its text. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === DATE_OID ? asText : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize, types: pgTypes });
  // A connection the server closes (a restart, a failover, an administrator) must not crash the
  // process: the query running on it fails and the pool opens a new one. Without a listener, a
  // checked-out client's 'error' event is an uncaught exception.
  const warn = (error: Error) => console.warn(`PostgreSQL connection lost: ${error.message}`);
  pool.on('error', warn);
  pool.on('connect', (client) => client.on('error', warn));
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  const copy = async (statement: string, input: () => Readable) => {
    const client = await pool.connect();
    try {
      await pipeline(input(), client.query(copyFrom(statement)));
      client.release();
    } catch (error) {
      // A COPY that failed half way leaves the connection in an unknown state: it is closed, not reused.
      client.release(error as Error);
      throw error;
    }
  };
  registerCopyRows(db, {
    rows: (target, rows) => copy(`copy ${target} from stdin`, () => Readable.from([rows])),
    csvFile: (target, file) =>
      copy(`copy ${target} from stdin with (format csv)`, () => createReadStream(file)),
  });
  await sql`select 1`.execute(db);
  return {
    kind: 'postgres',
    db,
    connectionString,
    async executeSql(text, values) {
      const result = await pool.query(text, values as unknown[] | undefined);
      // A multi-statement query answers an array of results; pg-boss reads the last one.
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      return { rows: last?.rows ?? [] };
    },
    close: () => db.destroy(),
  };
}

/** A request's statements come milliseconds apart; a run waits at most 2 s per period (decision 065). */
const CONNECTION_TURNS = { quietMs: 250, limitMs: 2_000 };

/**
 * PGlite is one connection, on a thread of its own (decision 064): a long statement holds that thread,
 * not the one answering requests. Kysely's PGlite driver queues its connection users, so pg-boss's SQL
 * goes through that same queue: a pg-boss poll can never land inside one of our transactions. `image`
 * is a data directory from PGlite's `dumpDataDir` to start from instead of running initdb (tests do).
 */
export async function openPglite(dataDir?: string, image?: ArrayBuffer): Promise<Database> {
  const pglite = await PGliteOnThread.start({ dataDir, image });
  // The dialect calls query() and close(), which the thread's client answers as PGlite does.
  const turns = new ConnectionTurns(CONNECTION_TURNS);
  const dialect = new PGliteDialect(pglite as unknown as PGlite);
  const createDriver = dialect.createDriver.bind(dialect);
  dialect.createDriver = () => turns.track(createDriver());
  const db = new Kysely<DatabaseSchema>({ dialect });
  registerConnectionTurns(db, turns);
  // Through Kysely's queue, as executeSql: a COPY never lands inside another user's transaction.
  registerCopyRows(db, {
    rows: async (target, rows) => {
      await db.connection().execute(() => pglite.copyFrom(`copy ${target} from '/dev/blob'`, rows));
    },
    // The database's thread reads the file itself: its bytes never reach this thread (decision 129).
    csvFile: async (target, file) => {
      await db
        .connection()
        .execute(() => pglite.copyFromFile(`copy ${target} from '/dev/blob' with (format csv)`, file));
    },
  });
  return {
    kind: 'pglite',
    db,
    executeSql(text, values) {
      // pg-boss's polls and bookkeeping: a run does not wait for them between its months.
      return turns.inBackground(() =>
        db.connection().execute(async () => {
          if (values && values.length > 0) return { rows: (await pglite.query(text, values)).rows };
          return pglite.exec(text);
        }),
      );
    },
    close: () => db.destroy(),
  };
}
