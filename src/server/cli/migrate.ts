import pino from 'pino';
import { parseConfig } from '../config.ts';
import { DataDirInUseError } from '../db/data-dir-lock.ts';
import { prepareDatabaseSchema } from '../schema-setup.ts';
import { openConfiguredDatabase } from '../server.ts';

/** `npm run db:migrate`: brings the configured database (PGlite under DATA_DIR, or DATABASE_URL) up to date. */
const config = parseConfig();
const log = pino({ level: config.logLevel });
try {
  const { database, unlock } = await openConfiguredDatabase(config);
  try {
    const applied = await prepareDatabaseSchema({ config, database, log });
    console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await database.close();
    unlock();
  }
} catch (error) {
  console.error(error instanceof DataDirInUseError ? error.message : (error as Error).stack);
  process.exit(1);
}
