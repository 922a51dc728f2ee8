import { GetObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { simulatorClients } from '../aws-sim/simulator-clients.ts';
import { callApi, connectSimulatedExport } from './testing/backfill-nodes.ts';
import { backfillNodesAround } from './testing/backfill-nodes-around.ts';
import { testDatabaseKind } from './testing/test-database.ts';
import { until } from './testing/until.ts';

/** An older month of the simulated export (the sync reads the newest two itself; a worker this one). */
const BROKEN_MONTH = '2026-03';

// Worker nodes are separate processes on one database: PostgreSQL alone (PGlite opens in one process).
describe.runIf(testDatabaseKind === 'postgres')(
  "one failing month of a first sync's backfill (skipped on PGlite, which one process opens)",
  () => {
    const world = backfillNodesAround(1);

    const runsOf = (integrationId: string) =>
      world.database.db
        .selectFrom('ingestion_runs')
        .select(['state', 'billing_periods', 'files', 'error'])
        .where('integration_id', '=', integrationId)
        .orderBy('created_at')
        .execute();

    it('ends that month’s run with its reason, says so on the card, and the queue’s retry brings it in alone', async () => {
      const { company } = world.simulator;
      const key = `${company.prefix}/${company.exportName}/data/BILLING_PERIOD=${BROKEN_MONTH}/${company.exportName}-00001.snappy.parquet`;
      const object = await simulatorClients(world.simulator).s3.send(
        new GetObjectCommand({ Bucket: company.bucket, Key: key }),
      );
      const good = await object.Body?.transformToByteArray();
      if (!good) throw new Error(`the simulator holds no ${key}`);
      world.simulator.putObject(company.bucket, key, Buffer.from('PAR1 not a whole Parquet file'));

      const integrationId = await connectSimulatedExport(world.nodes, world.simulator);
      // Every other month in, this one failed: the card names it and why.
      const failed = await until(async () => {
        const view = await callApi(world.nodes, 'GET', `/api/integrations/${integrationId}/status`);
        // A failed run says so on the card at once; the backfill's own word comes once every month ended.
        const message = (view.last_error as { message?: string } | null)?.message ?? '';
        return view.state === 'error' && message.includes('months in') ? view : undefined;
      });
      const reason = (failed.last_error as { message: string }).message;
      expect(reason).toMatch(new RegExp(`^10 of 11 months in; ${BROKEN_MONTH}: `));
      const failedRuns = (await runsOf(integrationId)).filter((run) => run.state === 'failed');
      expect(failedRuns.length).toBeGreaterThan(0);
      for (const run of failedRuns) {
        expect(run.files).toEqual([`s3://${company.bucket}/${key}`]);
        expect((run.error as { message: string } | null)?.message).toBeTruthy();
      }

      // The file is whole again: the month's job, retried by the queue with backoff, brings it in.
      world.simulator.putObject(company.bucket, key, good);
      const ready = await until(async () => {
        const view = await callApi(world.nodes, 'GET', `/api/integrations/${integrationId}/status`);
        return view.state === 'ready' ? view : undefined;
      }, 1_000);
      expect(ready).toMatchObject({ backfill: null, last_error: null });

      const runs = await runsOf(integrationId);
      const monthOf = (run: (typeof runs)[number]) =>
        ((run.billing_periods as string[])[0] ?? '').slice(0, 7) ||
        (String((run.files as string[])[0]).match(/BILLING_PERIOD=(\d{4}-\d{2})/)?.[1] ?? '');
      const succeeded = runs.filter((run) => run.state === 'succeeded').map(monthOf);
      // Thirteen months in, each by one run: the twelve others were not read again.
      expect(new Set(succeeded).size).toBe(13);
      expect(succeeded).toHaveLength(13);
      // Only the broken month was read more than once: its failed attempts, then the one that took.
      const others = runs.filter((run) => run.state !== 'succeeded').map(monthOf);
      expect(others.length).toBeGreaterThanOrEqual(failedRuns.length);
      expect(new Set(others)).toEqual(new Set([BROKEN_MONTH]));
      const stored = await world.database.db
        .selectFrom('cost_monthly_rollups')
        .select('billing_period')
        .distinct()
        .where('integration_id', '=', integrationId)
        .execute();
      expect(stored.map((row) => row.billing_period.slice(0, 7))).toContain(BROKEN_MONTH);
      expect(stored).toHaveLength(13);
    }, 600_000);
  },
);
