/**
 * Overload (issue 14, item 5): 200 connections for 30 s on the demo's dashboard query, against
 * `npm start`'s server with the built-in AWS simulator, while a second client probes /api/health one
 * request at a time. Runs the same load twice in one run: without a bound on requests in flight
 * (API_MAX_IN_FLIGHT huge, as before) and with the default bound, and prints throughput, latency,
 * timeouts, 503s and the health probe's latency for each. The API rate limit is lifted in both.
 *
 *   npm run bench -- overload
 *   DURATION_S=10 CONNECTIONS=100 npm run bench -- overload
 *   BENCH_DATA_DIR=/tmp/demo npm run bench -- overload   # keeps the synced demo between runs
 *   BOUND=32,8 npm run bench -- overload                  # other API_MAX_IN_FLIGHT values than the default
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { demoDashboardRequest, startDemoServer } from './support/demo-server-process.ts';

const DURATION_S = Number(process.env.DURATION_S ?? 30);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 200);
const TIMEOUT_S = 10;
const BOUNDS = [
  { label: 'no bound (before)', maxInFlight: '1000000' },
  ...(process.env.BOUND
    ? process.env.BOUND.split(',').map((bound) => ({ label: `bound ${bound}`, maxInFlight: bound }))
    : [{ label: 'default bound', maxInFlight: undefined }]),
];

const percentile = (sorted: number[], share: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0);

/** The probe runs in its own process: autocannon keeps this one's event loop busy. */
async function probeHealth(url: string, seconds: number) {
  const child = fork(new URL('./support/health-prober.ts', import.meta.url), [url, String(seconds)], {
    execArgv: ['--import', 'tsx'],
  });
  const { latencies, failures } = await new Promise<{ latencies: number[]; failures: number }>(
    (resolve, reject) => {
      child.once('message', (message) => resolve(message as { latencies: number[]; failures: number }));
      child.once('exit', (code) => reject(new Error(`the health prober exited with ${code}`)));
    },
  );
  return {
    probes: latencies.length,
    failures,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
  };
}

async function loadOnce(url: string, path: string, authorization: string) {
  const [load, health] = await Promise.all([
    autocannon({
      url: `${url}${path}`,
      connections: CONNECTIONS,
      duration: DURATION_S,
      timeout: TIMEOUT_S,
      headers: { authorization },
    }),
    probeHealth(url, DURATION_S),
  ]);
  const count = (status: string) => load.statusCodeStats[status]?.count ?? 0;
  return {
    answered200PerSecond: Math.round(count('200') / load.duration),
    answered503: count('503'),
    otherNon2xx: load.non2xx - count('503'),
    timeouts: load.timeouts,
    latencyP50: load.latency.p50,
    latencyP99: load.latency.p99,
    health,
  };
}

const keep = process.env.BENCH_DATA_DIR || undefined;
const dataDir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-bench-overload-'));
console.log(`${CONNECTIONS} connections, ${DURATION_S} s each, timeout ${TIMEOUT_S} s; DATA_DIR ${dataDir}`);
try {
  for (const bound of BOUNDS) {
    const started = Date.now();
    const server = await startDemoServer(dataDir, {
      API_RATE_LIMIT_PER_MINUTE: '100000000',
      ...(bound.maxInFlight ? { API_MAX_IN_FLIGHT: bound.maxInFlight } : {}),
    });
    try {
      const { path: dashboard, authorization } = await demoDashboardRequest(server.url);
      console.log(
        `\n${bound.label}: server and demo data ready in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
      const first = await fetch(`${server.url}${dashboard}`, { headers: { authorization } });
      if (!first.ok) throw new Error(`the dashboard query answered ${first.status}: ${await first.text()}`);
      const result = await loadOnce(server.url, dashboard, authorization);
      console.log(
        `  dashboard: ${result.answered200PerSecond} answers/s (200), p50 ${result.latencyP50} ms, ` +
          `p99 ${result.latencyP99} ms, ${result.timeouts} timeouts, ${result.answered503} answered 503, ` +
          `${result.otherNon2xx} other errors`,
      );
      const { health } = result;
      console.log(
        `  /api/health probe: ${health.probes} probes, ${health.failures} failed, p50 ${health.p50.toFixed(0)} ms, ` +
          `p99 ${health.p99.toFixed(0)} ms, max ${health.max.toFixed(0)} ms`,
      );
    } finally {
      await server.stop();
    }
  }
} finally {
  if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
}
