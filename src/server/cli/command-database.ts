import { systemClock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { DataDirInUseError } from '../db/data-dir-lock.ts';
import { prepareDatabaseSchema } from '../schema-setup.ts';
import { openConfiguredDatabase } from '../server.ts';

/**
 * Opens the database the server uses; the embedded one cannot be shared with a running server.
 * `alternative` tells the operator what else they can do instead of stopping it.
 */
export async function openDatabaseForCommand(config: Config, alternative?: string) {
  try {
    return await openConfiguredDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    throw new DataDirInUseError(
      `A running Spendguard server holds the embedded database in ${config.dataDir} ` +
        `(${error.message.match(/pid \d+/)?.[0] ?? 'see spendguard.lock'}). PGlite serves one process at a time: ` +
        'stop the server, run this command, then start the server again. With DATABASE_URL (PostgreSQL) ' +
        `commands run while the server runs.${alternative ? ` ${alternative}` : ''}`,
    );
  }
}

/**
 * A command's life with the database: open it (a busy embedded one is explained and answers exit code 1),
 * bring the schema up to date, run `work`, and close it whatever happens. Answers `work`'s exit code.
 */
export async function runWithCommandDatabase(
  config: Config,
  log: AppContext['log'],
  work: (context: AppContext, appliedMigrations: string[]) => Promise<number>,
  options: { alternative?: string } = {},
): Promise<number> {
  let opened: Awaited<ReturnType<typeof openDatabaseForCommand>>;
  try {
    opened = await openDatabaseForCommand(config, options.alternative);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    return 1;
  }
  const context: AppContext = { config, database: opened.database, log, clock: systemClock };
  try {
    return await work(context, await prepareDatabaseSchema(context));
  } finally {
    await opened.database.close();
    opened.unlock();
  }
}
