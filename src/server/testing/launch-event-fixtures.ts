import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { ACTION_ROLE_NAME, type AwsSimulator } from '../../aws-sim/index.ts';
import type { Viewer } from '../auth/viewer.ts';
import { sendJob } from '../jobs/job-definition.ts';
import { pollLaunchEventsJob } from '../jobs/poll-launch-events.job.ts';
import {
  type Cur2TestLineItem,
  writeCur2TestFile,
} from '../modules/cost-data/billing-files/cur2-test-files.ts';
import { createCostDataService } from '../modules/cost-data/cost-data.service.ts';
import { createIntegrationsService } from '../modules/integrations/integrations.service.ts';
import { createLaunchEventsService } from '../modules/launch-events/launch-events.service.ts';
import { createOrganizationsService } from '../modules/organizations/organizations.service.ts';
import { createRecommendationsService } from '../modules/recommendations/recommendations.service.ts';
import type { Person } from './organization-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** Reads until `done` says so, a fifth of a second apart (the test's own timeout bounds it). */
export async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The viewer of a person in their own organization, as the session plugin builds it. */
export async function viewerOf(server: TestApp, person: Person): Promise<Viewer> {
  const member = await server.context.database.db
    .selectFrom('member')
    .select(['organizationId', 'role'])
    .where('userId', '=', person.userId)
    .executeTakeFirstOrThrow();
  return {
    userId: person.userId,
    email: person.email,
    name: 'Owner',
    emailVerified: true,
    organizationId: member.organizationId,
    organizationRole: member.role,
    isDemo: false,
    platformRole: null,
    sessionId: 'test',
  };
}

/** The real integrations module, a second instance: it connects without starting a 13-month sync. */
export function integrationsModuleOf(server: TestApp) {
  return createIntegrationsService(server.context, createCostDataService(server.context.database.db), {
    aws: server.context.aws,
  });
}

/**
 * The customer's side of connecting a role: the ExternalId Spendguard issued to the organization (what the
 * setup screen shows) added to the simulated role's trust policy.
 */
export function trustIssuedExternalId(
  simulator: AwsSimulator,
  roleArns: string | string[],
  integrations: Pick<ReturnType<typeof integrationsModuleOf>, 'externalIdFor'>,
  viewer: Viewer,
): string {
  const externalId = integrations.externalIdFor(viewer, undefined);
  for (const roleArn of [roleArns].flat()) simulator.trustExternalId(roleArn, externalId);
  return externalId;
}

/** Connects one of the simulated company's accounts (its demo role) to the person's organization. */
export async function connectSimulatedAccount(
  server: TestApp,
  person: Person,
  simulator: AwsSimulator,
  options: { name: string; roleArn?: string },
): Promise<{ integrationId: string; accountId: string }> {
  const roleArn = options.roleArn ?? simulator.company.demoRoleArn;
  const viewer = await viewerOf(server, person);
  const integrations = integrationsModuleOf(server);
  const connected = await integrations.create(viewer, {
    kind: 'aws-role',
    name: options.name,
    role_arn: roleArn,
    // The stack deploys the opt-in action role beside it with the same ExternalId.
    external_id: trustIssuedExternalId(
      simulator,
      [roleArn, roleArn.replace(/role\/.*$/, `role/${ACTION_ROLE_NAME}`)],
      integrations,
      viewer,
    ),
  });
  return { integrationId: connected.id, accountId: roleArn.split(':')[4] ?? '' };
}

/** A second instance of the real launch-events module on the same database: another node's, wired to no alerts. */
export function launchEventsModuleOf(server: TestApp) {
  const { context } = server;
  const costData = createCostDataService(context.database.db);
  return createLaunchEventsService({
    context,
    integrations: integrationsModuleOf(server),
    organizations: createOrganizationsService(context.database.db),
    costData,
    recommendations: createRecommendationsService(context, { costSlices: costData.slices }),
  });
}

/** Sends the integration's launch-events poll job (what `ensure-launch-event-pollers` does every minute). */
export async function startLaunchEventPoller(server: TestApp, integrationId: string): Promise<void> {
  const queue = server.context.queue;
  if (!queue) throw new Error('the test app runs a queue');
  await sendJob(queue, pollLaunchEventsJob, { integrationId });
}

/** 'YYYY-MM-DD' of a moment, in UTC. */
export const isoDayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Ingests CUR 2.0 line items into an integration through cost-data's ingest (the path a sync takes:
 * a run, the file read by DuckDB, its billing periods replaced); answers the run's state.
 */
export async function ingestCurLineItems(
  server: TestApp,
  owner: { organizationId: string; integrationId: string },
  items: Cur2TestLineItem[],
): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'launch-billed-'));
  const file = path.join(folder, 'export-00001.snappy.parquet');
  try {
    await writeCur2TestFile(file, items, 'parquet');
    const costData = createCostDataService(server.context.database.db);
    const run = await costData.createRun({ ...owner, trigger: 'sync', files: [file] });
    const outcome = await costData.ingest(run, [{ path: file, label: 'export-00001.snappy.parquet' }], {
      whenShrinking: 'restated-by-aws',
    });
    expect(outcome.run.error ?? null).toBeNull();
    return outcome.run.state;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
