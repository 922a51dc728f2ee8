import { afterAll, beforeAll } from 'vitest';
import type { AwsSimulator } from '../../aws-sim/index.ts';
import { startTestSimulator } from '../../aws-sim/testing/test-simulator.ts';
import type { Database } from '../db/database.ts';
import { type BackfillNodes, startBackfillNodes } from './backfill-nodes.ts';
import { openTestDatabase } from './test-database.ts';

export interface BackfillWorld {
  database: Database;
  simulator: AwsSimulator;
  nodes: BackfillNodes;
}

/**
 * A web node and `workers` worker nodes on the test database, reaching a simulator, for the tests of
 * one describe block: started before its first test, stopped after its last. Read the fields inside tests.
 */
export function backfillNodesAround(workers: number): BackfillWorld {
  const world = {} as BackfillWorld;
  beforeAll(async () => {
    world.database = await openTestDatabase();
    ({ simulator: world.simulator } = await startTestSimulator());
    world.nodes = await startBackfillNodes(world.database, world.simulator, workers);
  }, 240_000);
  afterAll(async () => {
    await world.nodes?.stop();
    await world.simulator?.close();
    await world.database?.close();
  });
  return world;
}
