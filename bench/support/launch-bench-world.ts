import { execFileSync } from 'node:child_process';
import { type AwsSimulator, startAwsSimulator } from '../../src/aws-sim/index.ts';
import type { Viewer } from '../../src/server/auth/viewer.ts';
import { simulatorAccess } from '../../src/server/aws-simulator-access.ts';
import {
  integrationsModuleOf,
  startLaunchEventPoller,
  trustIssuedExternalId,
} from '../../src/server/testing/launch-event-fixtures.ts';
import { createTestApp, type TestApp } from '../../src/server/testing/test-app.ts';
import { testDatabaseKind } from '../../src/server/testing/test-database.ts';

/**
 * What both halves of bench/launch-alerts.ts share: the simulator on the wall clock, the real app with
 * its pg-boss workers on the chosen database (TEST_DATABASE), AWS integrations connected the way the
 * API connects them, and the figures they print.
 */

/** The simulator on the wall clock (the app stores events by real time), in a temporary folder. */
export function startRealTimeSimulator(): Promise<AwsSimulator> {
  return startAwsSimulator({ now: () => new Date() });
}

/** The app with workers, reaching AWS through the simulator; the demo organization and its sync left out. */
export function startBenchApp(simulator: AwsSimulator, env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({
    queue: true,
    aws: { ...simulatorAccess(simulator), demo: undefined },
    env: { API_RATE_LIMIT_PER_MINUTE: '1000000', AUTH_RATE_LIMIT_PER_IP: '1000', ...env },
  });
}

/**
 * Connects a role as POST /api/integrations does (the access check through STS and Cost Explorer
 * included) and starts its launch-events poller as the app's `onConnected` does, but without the first
 * billing sync: 13 months of Cost Explorer reads are not what is measured here.
 */
export async function connectRole(
  server: TestApp,
  simulator: AwsSimulator,
  viewer: Viewer,
  role: { name: string; roleArn: string },
): Promise<string> {
  const integrations = integrationsModuleOf(server);
  const created = await integrations.create(viewer, {
    kind: 'aws-role',
    name: role.name,
    role_arn: role.roleArn,
    external_id: trustIssuedExternalId(simulator, role.roleArn, integrations, viewer),
  });
  await startLaunchEventPoller(server, created.id);
  return created.id;
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

/** "median 1.23 s, p90 …, p99 …, max …" of milliseconds, in seconds or milliseconds. */
export function spread(values: number[], unit: 's' | 'ms' = 's'): string {
  const sorted = [...values].sort((a, b) => a - b);
  const s = (ms: number) => (unit === 's' ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
  return (
    `median ${s(percentile(sorted, 50))}, p90 ${s(percentile(sorted, 90))}, ` +
    `p99 ${s(percentile(sorted, 99))}, max ${s(sorted.at(-1) ?? Number.NaN)} (n=${sorted.length})`
  );
}

/** The machine's load average, to print beside every figure (2 cores shared with other work). */
export function loadAverage(): string {
  try {
    return execFileSync('uptime', { encoding: 'utf8' })
      .trim()
      .replace(/^.*load average:\s*/, '');
  } catch {
    return 'unknown';
  }
}

export const databaseLabel = () => (testDatabaseKind === 'postgres' ? 'PostgreSQL' : 'PGlite');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
