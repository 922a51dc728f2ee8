import type { FastifyBaseLogger } from 'fastify';
import type { AwsAccess } from './aws-access.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Queue } from './jobs/queue.ts';

/** What every module is given: the parsed config and the shared connections. Built once by main.ts. */
export interface AppContext {
  config: Config;
  database: Database;
  queue?: Queue;
  log: FastifyBaseLogger;
  /** The one "now" every rule reads (decision 078): the system clock, or the one a test chose. */
  clock: Clock;
  /** How the server reaches AWS (or the built-in simulator); absent when neither is set up. */
  aws?: AwsAccess;
}
