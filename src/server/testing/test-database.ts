import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../db/database.ts';
import { pristinePgliteImage } from './pglite-image.ts';

/** Tests run on PGlite unless TEST_DATABASE=postgres (`npm run test:pg`). */
export const testDatabaseKind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A fresh, empty database for one test file: in-memory PGlite started from initdb's kept image (or,
 * for benchmarks, PGlite in the empty folder TEST_PGLITE_DATA_DIR, as `npm start` keeps it under
 * DATA_DIR), or a new PostgreSQL database dropped after.
 */
export async function openTestDatabase(): Promise<Database> {
  if (testDatabaseKind === 'pglite') {
    const dataDir = process.env.TEST_PGLITE_DATA_DIR;
    return dataDir ? openPglite(dataDir) : openPglite(undefined, await pristinePgliteImage());
  }
  const name = `spendguard_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
