import type { HealthResponse } from '../../../contracts/health.ts';
import type { AppContext } from '../../context.ts';
import { isQueueRunning } from '../../jobs/queue.ts';
import { isDatabaseReachable } from './health.repository.ts';

export async function checkHealth(context: AppContext): Promise<HealthResponse> {
  const [reachable, running] = await Promise.all([
    isDatabaseReachable(context.database.db),
    isQueueRunning(context.queue),
  ]);
  return {
    status: reachable && running ? 'ok' : 'degraded',
    version: context.config.version,
    database: { kind: context.database.kind, reachable },
    queue: { running },
  };
}
