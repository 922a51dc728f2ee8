import { type App, buildApp } from './app.ts';
import { openAwsAccess } from './aws-simulator-access.ts';
import { systemClock } from './clock.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { type Database, openPglite, openPostgres } from './db/database.ts';
import { type Queue, startQueue, stopQueue } from './jobs/queue.ts';
import { createServerLog } from './plugins/request-log.ts';
import { prepareDatabaseSchema } from './schema-setup.ts';

export interface RunningServer {
  app: App;
  context: AppContext;
  url: string;
  stop(): Promise<void>;
}

/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR, whose
 * lock it takes unless the caller holds it already (`heldLock`, its release).
 */
export async function openConfiguredDatabase(
  config: Config,
  heldLock?: () => void,
): Promise<{ database: Database; unlock: () => void }> {
  if (config.databaseUrl) return { database: await openPostgres(config.databaseUrl), unlock: () => {} };
  const unlock = heldLock ?? lockDataDir(config.dataDir);
  try {
    return { database: await openPglite(`${config.dataDir}/pglite`), unlock };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * Everything `npm start` runs: database, migrations, queue, HTTP; `stop` undoes it in reverse. `heldLock`
 * is DATA_DIR's lock when the caller took it already (main.ts does, before loading this module).
 */
export async function startServer(config: Config, heldLock?: () => void): Promise<RunningServer> {
  const log = createServerLog(config.logLevel);
  const { database, unlock } = await openConfiguredDatabase(config, heldLock);
  let queue: Queue | undefined;
  let closeAws = async () => {};
  try {
    const applied = await prepareDatabaseSchema({ config, database, log, clock: systemClock });
    if (applied.length > 0) log.info({ applied }, 'database migrated');
    queue = await startQueue(database, (error) => log.error({ err: error }, 'job queue error'));
    const aws = await openAwsAccess(config);
    closeAws = aws.close;
    if (aws.access.demo)
      log.info({ endpoint: aws.access.endpoint }, 'AWS simulator running (no AWS configuration)');
    if (aws.access.spendguardAccountId)
      log.info({ account: aws.access.spendguardAccountId }, 'customer roles will trust this AWS account');
    else if (!aws.access.demo)
      log.warn(
        'no AWS account of our own (set SPENDGUARD_AWS_ACCOUNT_ID or AWS credentials): the setup page offers uploads only',
      );
    const context: AppContext = { config, database, queue, log, aws: aws.access, clock: systemClock };
    const app = await buildApp(context, { logger: log });
    const url = await app.listen({ host: config.host, port: config.port });
    return {
      app,
      context,
      url,
      async stop() {
        await app.close();
        if (queue) await stopQueue(queue, config.shutdownTimeoutMs);
        await closeAws();
        await database.close();
        unlock();
      },
    };
  } catch (error) {
    if (queue) await stopQueue(queue, 1_000).catch(() => {});
    await closeAws().catch(() => {});
    await database.close().catch(() => {});
    unlock();
    throw error;
  }
}
