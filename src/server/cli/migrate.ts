import pino from 'pino';
import { parseConfig } from '../config.ts';
import { runWithCommandDatabase } from './command-database.ts';

/** `npm run db:migrate`: brings the configured database (PGlite under DATA_DIR, or DATABASE_URL) up to date. */
const config = parseConfig();
const log = pino({ level: config.logLevel });
try {
  process.exitCode = await runWithCommandDatabase(config, log, async (_context, applied) => {
    console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
    return 0;
  });
} catch (error) {
  console.error((error as Error).stack);
  process.exit(1);
}
