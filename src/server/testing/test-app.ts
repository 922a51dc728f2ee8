import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, RouteOptions } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app.ts';
import type { CachedReads } from '../auth/cached-reads.ts';
import type { AwsAccess } from '../aws-access.ts';
import { type Clock, systemClock } from '../clock.ts';
import { parseConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { startQueue, stopQueue } from '../jobs/queue.ts';
import { prepareDatabaseSchema } from '../schema-setup.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestAppOptions {
  /** Extra environment for the config, as an operator would set it. */
  env?: Record<string, string>;
  /** pg-boss takes a few seconds to install; files that need no jobs skip it. */
  queue?: boolean;
  /** How the app reaches AWS: `simulatorAccess(simulator)` for the AWS simulator. */
  aws?: AwsAccess;
  /** The app's logger, e.g. `createServerLog('trace', stream)` to read what the server writes. */
  logger?: FastifyBaseLogger;
  /** This node's cached session and permission reads, e.g. with a clock the test moves (decision 052). */
  cachedReads?: CachedReads;
  /**
   * The app's clock: the system's unless the test chooses its day, e.g. the simulator's clock so the
   * findings' windows hold the simulated company's metrics on any real date (decision 078).
   */
  clock?: Clock;
}

/** The real app on a fresh database, for `app.inject()` and real HTTP in integration tests. */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = await openTestDatabase();
  // The app's own folder (generated secrets, uploads), removed by close() unless the test brought one.
  const ownDataDir = options.env?.DATA_DIR
    ? undefined
    : fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-test-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: ownDataDir,
    WEB_DIST_DIR: path.join(os.tmpdir(), 'spendguard-no-web-build'),
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    // The usage meter reads CloudWatch every few minutes for every AWS role: only the tests of it want it.
    USAGE_METER: 'off',
    ...options.env,
  });
  const log = pino({ level: 'silent' });
  const clock = options.clock ?? systemClock;
  await prepareDatabaseSchema({ config, database, log, clock });
  const queue = options.queue ? await startQueue(database, () => {}) : undefined;
  const context: AppContext = { config, database, queue, log, aws: options.aws, clock };
  const routes: Array<Pick<RouteOptions, 'method' | 'url'>> = [];
  const app = await buildApp(context, {
    logger: options.logger,
    cachedReads: options.cachedReads,
    onRoute: (route) => routes.push({ method: route.method, url: route.url }),
  });
  await app.ready();
  return {
    app,
    context,
    /** Every route the app registered, read from Fastify's onRoute hook. */
    routes,
    async close() {
      await app.close();
      if (queue) await stopQueue(queue, 5_000);
      await database.close();
      if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
