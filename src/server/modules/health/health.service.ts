import type { HealthResponse } from '../../../contracts/health.ts';
import { elapsedMs } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { isQueueRunning } from '../../jobs/queue.ts';
import { isDatabaseReachable } from './health.repository.ts';

async function probeHealth(context: AppContext): Promise<HealthResponse> {
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

export interface HealthTiming {
  /** A probe younger than this is answered without starting a new one. */
  freshMs: number;
  /** A probe still running after this means the database does not answer. */
  timeoutMs: number;
}

const DEFAULT_TIMING: HealthTiming = { freshMs: 1_000, timeoutMs: 5_000 };

/**
 * The health answer (docs/decisions/029). Under load, on PGlite's one connection, a probe waits behind
 * every admitted request's statements, so callers never wait for it: they get the last probe's answer
 * while the next one runs in the background (at most one at a time), and "not answering" once a probe
 * has run longer than 5 s. Only the very first call waits, at most those 5 s.
 */
export function createHealthCheck(context: AppContext, timing: HealthTiming = DEFAULT_TIMING) {
  let last: { health: HealthResponse; at: number } | undefined;
  let running: { answer: Promise<HealthResponse>; startedAt: number } | undefined;
  const notAnswering: HealthResponse = {
    status: 'degraded',
    version: context.config.version,
    database: { kind: context.database.kind, reachable: false },
    queue: { running: false },
  };

  function startProbe() {
    const answer = probeHealth(context)
      .then((health) => {
        last = { health, at: elapsedMs() };
        return health;
      })
      .finally(() => {
        running = undefined;
      });
    running = { answer, startedAt: elapsedMs() };
    return running;
  }

  return async function checkHealth(): Promise<HealthResponse> {
    const now = elapsedMs();
    if (last && now - last.at < timing.freshMs) return last.health;
    const probe = running ?? startProbe();
    if (now - probe.startedAt >= timing.timeoutMs) return notAnswering;
    if (last) return last.health;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<HealthResponse>((resolve) => {
      timer = setTimeout(() => resolve(notAnswering), timing.timeoutMs);
    });
    return Promise.race([probe.answer, timeout]).finally(() => clearTimeout(timer));
  };
}
