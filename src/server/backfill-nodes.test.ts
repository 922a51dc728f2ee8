import { describe, expect, it } from 'vitest';
import { callApi, connectSimulatedExport, periodsSyncedBy } from './testing/backfill-nodes.ts';
import { backfillNodesAround } from './testing/backfill-nodes-around.ts';
import { testDatabaseKind } from './testing/test-database.ts';
import { until } from './testing/until.ts';

// Worker nodes are separate processes on one database: PostgreSQL alone (PGlite opens in one process).
describe.runIf(testDatabaseKind === 'postgres')(
  "a first sync's older months shared by two worker nodes (skipped on PGlite, which one process opens)",
  () => {
    const world = backfillNodesAround(2);

    it('each worker ingests some of the months, a run each, and the integration is ready once all are in', async () => {
      const integrationId = await connectSimulatedExport(world.nodes, world.simulator);
      const progress: Array<{ done: number; total: number }> = [];
      const ended = await until(async () => {
        const view = await callApi(world.nodes, 'GET', `/api/integrations/${integrationId}/status`);
        const backfill = view.backfill as { done: number; total: number } | null;
        if (backfill) progress.push(backfill);
        return view.state === 'ready' || view.state === 'error' ? view : undefined;
      });
      expect(ended).toMatchObject({ state: 'ready', backfill: null, last_error: null });
      // The sync read the two newest months itself and handed the eleven older ones to the workers.
      expect(progress.length).toBeGreaterThan(0);
      expect(new Set(progress.map((seen) => seen.total))).toEqual(new Set([11]));
      expect(progress.every((seen) => seen.done < 11)).toBe(true);

      const runs = await world.database.db
        .selectFrom('ingestion_runs')
        .select(['state', 'billing_periods'])
        .where('integration_id', '=', integrationId)
        .execute();
      const months = runs.flatMap((run) => (run.billing_periods as string[]).map((day) => day.slice(0, 7)));
      expect(runs.map((run) => run.state)).toEqual(runs.map(() => 'succeeded'));
      expect(runs.map((run) => (run.billing_periods as string[]).length)).toEqual(runs.map(() => 1));
      expect(new Set(months).size).toBe(13);
      // Each month by one run: connecting starts the one first sync, and the scheduled check leaves it alone.
      expect(months).toHaveLength(13);

      const [first = [], second = []] = periodsSyncedBy(world.nodes.workers);
      expect(first.length, 'months the first worker took').toBeGreaterThan(0);
      expect(second.length, 'months the second worker took').toBeGreaterThan(0);
      expect([...first, ...second].sort()).toEqual(months.sort().slice(0, 11));
      const stored = await world.database.db
        .selectFrom('cost_monthly_rollups')
        .select('billing_period')
        .distinct()
        .where('integration_id', '=', integrationId)
        .execute();
      expect(stored).toHaveLength(13);
    }, 300_000);
  },
);
