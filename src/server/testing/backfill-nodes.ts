import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AwsSimulator } from '../../aws-sim/index.ts';
import type { Database } from '../db/database.ts';
import { STRONG_PASSWORD } from './accounts-fixtures.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

const PUBLIC_URL = 'http://localhost:3000';

export interface BackfillNodes {
  web: string;
  workers: ServerProcess[];
  token: string;
  /** Stops every node it started and removes their data folder. */
  stop(): Promise<void>;
}

/**
 * One web node and `workers` worker nodes as real processes on one PostgreSQL database, every one
 * reaching the test's AWS simulator with its credentials (the SDK's default chain, as on real AWS),
 * and a verified owner on the Business trial. For the backfill's test and benchmark (docs/decisions/082).
 */
export async function startBackfillNodes(
  database: Database,
  simulator: AwsSimulator,
  workers: number,
): Promise<BackfillNodes> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-backfill-'));
  const nodes: ServerProcess[] = [];
  const start = (role: 'web' | 'worker') => {
    const node = startServerProcess(dataDir, {
      SPENDGUARD_ROLE: role,
      DATABASE_URL: database.connectionString ?? '',
      BETTER_AUTH_SECRET: 'one-secret-for-every-node-of-this-backfill',
      PUBLIC_URL,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      AWS_ENDPOINT_URL: simulator.endpoint,
      AWS_REGION: simulator.region,
      AWS_ACCESS_KEY_ID: simulator.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: simulator.credentials.secretAccessKey,
      // The operator's own account, apart from the simulated customer's management account that the
      // simulator's keys belong to: no role is assumed in the server's own account (decision 147).
      SPENDGUARD_AWS_ACCOUNT_ID: '123456789012',
    });
    nodes.push(node);
    return node;
  };
  const stop = async () => {
    for (const node of nodes) node.child.kill('SIGTERM');
    await Promise.all(nodes.map((node) => node.exited));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The web node migrates the empty database first; the workers start on the migrated one.
    const web = await start('web').url;
    const workerNodes = Array.from({ length: workers }, () => start('worker'));
    await Promise.all(workerNodes.map((node) => node.url));
    const signUp = await fetch(`${web}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Olivia Owner', email: 'owner@backfill.test', password: STRONG_PASSWORD }),
    });
    if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}`);
    const account = (await signUp.json()) as { token: string; user: { id: string } };
    await database.db
      .updateTable('user')
      .set({ emailVerified: true })
      .where('id', '=', account.user.id)
      .execute();
    const nodesOf = { web, workers: workerNodes, token: account.token, stop };
    await callApi(nodesOf, 'POST', '/api/billing/trial');
    return nodesOf;
  } catch (error) {
    await stop();
    throw error;
  }
}

/** An API call of the owner through the web node; throws on anything but 2xx. */
export async function callApi(
  nodes: Pick<BackfillNodes, 'web' | 'token'>,
  method: string,
  url: string,
  body?: unknown,
) {
  const response = await fetch(`${nodes.web}${url}`, {
    method,
    headers: {
      origin: PUBLIC_URL,
      authorization: `Bearer ${nodes.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/**
 * Connects the simulated company's export through the web node; connecting starts its first sync. A
 * "Sync now" as well could find that sync already running and queue a second, which reads the newest
 * months again.
 */
export async function connectSimulatedExport(nodes: BackfillNodes, simulator: AwsSimulator): Promise<string> {
  const { company } = simulator;
  // The customer's role trusts the ExternalId the setup screen issued to the organization.
  const kit = (await callApi(nodes, 'GET', '/api/integrations/setup-kit')) as { external_id: string };
  simulator.trustExternalId(company.demoRoleArn, kit.external_id);
  const created = await callApi(nodes, 'POST', '/api/integrations', {
    kind: 'aws-role',
    name: 'Acme Corp',
    role_arn: company.demoRoleArn,
    external_id: kit.external_id,
    export: {
      bucket: company.bucket,
      prefix: `${company.prefix}/${company.exportName}`,
      region: company.region,
    },
  });
  return String(created.id);
}

/** The billing periods each worker node logged as synced, by node. */
export function periodsSyncedBy(workers: ServerProcess[]): string[][] {
  return workers.map((worker) =>
    [...worker.output().matchAll(/"period":"(\d{4}-\d{2})"[^\n]*"msg":"billing period synced"/g)].map(
      (match) => match[1] ?? '',
    ),
  );
}
