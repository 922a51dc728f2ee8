import { meterUsagePayload } from '../../contracts/jobs.ts';
import { defineJob, sendJob } from './job-definition.ts';
import type { Queue } from './queue.ts';

/**
 * One read of an integration's usage meter (docs/decisions/091), which sends itself again to start
 * METER_INTERVAL_SECONDS later, as the launch-events poller does: any worker node may take the next,
 * and `ensure-usage-meters` every minute sends one for an integration that has none (a killed
 * process's re-send). The queue is `short` (one queued job per integration). Two reads of one
 * integration at once do no harm: each period's row is replaced, and the cursor only moves forward.
 */
export const meterUsageJob = defineJob({
  queue: 'meter-usage',
  payload: meterUsagePayload,
  policy: 'short',
  sendOptions: (payload) => ({ singletonKey: payload.integrationId, retryLimit: 0, expireInSeconds: 240 }),
  pollingIntervalSeconds: (config) => meterPollingSeconds(config.usageMeter.intervalSeconds),
  async handle(payload, { queue, services, config }) {
    const outcome = await services.meterUsage(payload.integrationId);
    if (outcome === 'stop') return outcome;
    await sendJob(queue, meterUsageJob, payload, { startAfter: config.usageMeter.intervalSeconds }).catch(
      () => null, // a stopping queue: the schedule sends one at the next start
    );
    return outcome;
  },
});

/**
 * A worker asks for due reads a tenth of the interval apart (pg-boss's shortest 0.5 s, at most 10 s),
 * so a read starts at most a tenth of its interval late: at the default 300 s a 10 s poll, at a 5 s
 * test interval half a second instead of up to 10 s, twice the interval itself.
 */
export const meterPollingSeconds = (intervalSeconds: number): number =>
  Math.min(10, Math.max(0.5, intervalSeconds / 10));

/** A newly connected integration is metered at once rather than at the next minute's schedule. */
export async function startUsageMeter(queue: Queue, integrationId: string): Promise<void> {
  await sendJob(queue, meterUsageJob, { integrationId });
}
