import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { startTestSimulator, type TestClock } from '../../../aws-sim/testing/test-simulator.ts';
import { simulatorAccess } from '../../aws-simulator-access.ts';
import { bearer, signUpVerifiedPerson } from '../../testing/accounts-fixtures.ts';
import { syncOverRealModules } from '../../testing/sync-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { writeCur2TestFile } from '../cost-data/billing-files/cur2-test-files.ts';

/**
 * The whole sync over the real SDK against the AWS simulator: the demo export lands, EC2 inventory
 * and findings follow, a re-sync changes nothing, a restated month replaces only itself, and a broken
 * file leaves the data as it was.
 */
let simulator: AwsSimulator;
let clock: TestClock;
let server: TestApp;
let headers: { authorization: string };
/** Another organization's owner. */
let strangerHeaders: { authorization: string };
let integrationId: string;

const dataKey = (period: string) =>
  `${simulator.company.prefix}/${simulator.company.exportName}/data/BILLING_PERIOD=${period}/${simulator.company.exportName}-00001.snappy.parquet`;

async function totals() {
  const rows = await server.context.database.db
    .selectFrom('cost_monthly_rollups')
    .select(['billing_period', (eb) => eb.fn.sum<string>('unblended_cost').as('unblended')])
    .where('integration_id', '=', integrationId)
    .groupBy('billing_period')
    .orderBy('billing_period')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.billing_period.slice(0, 7), row.unblended]));
}

async function status() {
  return (await server.app.inject({ url: `/api/integrations/${integrationId}/status`, headers })).json();
}

async function syncNow() {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/integrations/${integrationId}/sync`,
    headers,
    payload: {},
  });
  expect(response.statusCode).toBe(202);
}

beforeAll(async () => {
  ({ simulator, clock } = await startTestSimulator());
  // The server lives on the simulated company's day: the findings' 14-day window holds its metrics.
  server = await createTestApp({ aws: simulatorAccess(simulator), clock });
  const { token } = await signUpVerifiedPerson(server, { email: 'ops@example.com' });
  headers = bearer(token);
  strangerHeaders = bearer((await signUpVerifiedPerson(server, { email: 'elsewhere@example.com' })).token);
}, 60_000);
afterAll(async () => {
  await server.close();
  await simulator.close();
});

describe('syncing the demo AWS account', () => {
  it('connects in one click and brings 13 months of costs, the EC2 fleet and its findings', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/integrations',
      headers,
      payload: { kind: 'aws-demo' },
    });
    expect(created.json()).toMatchObject({ kind: 'aws-role' });
    expect(created.statusCode).toBe(201);
    integrationId = created.json().id;
    const view = await status();
    expect(view).toMatchObject({ state: 'ready', source: 'cur-export', is_demo: true, last_error: null });
    expect(view.fresh_through).toBe('2026-11-22');
    expect(view.latest_run).toMatchObject({ trigger: 'sync', state: 'succeeded', percent: 100 });
    expect(view.accounts.map((account: { id: string }) => account.id).sort()).toEqual(
      simulator.company.accounts.map((account) => account.id).sort(),
    );
    expect(Object.keys(await totals())).toHaveLength(13);

    const instances = await server.context.database.db
      .selectFrom('ec2_instances')
      .select(['name', 'account_id'])
      .where('integration_id', '=', integrationId)
      .execute();
    expect(instances.map((instance) => instance.name).sort()).toEqual(
      simulator.company.instances.map((instance) => instance.name).sort(),
    );
    const findings = (
      await server.app.inject({ url: '/api/recommendations/ec2?finding=idle', headers })
    ).json();
    expect(JSON.stringify(findings)).toContain('jenkins-old');
  }, 300_000);

  it('re-syncs idempotently: nothing changed, nothing is ingested again', async () => {
    const before = await totals();
    const runBefore = (await status()).latest_run.id;
    await syncNow();
    expect((await status()).latest_run.id).toBe(runBefore);
    expect(await totals()).toEqual(before);
  }, 60_000);

  it('ingests the current month again when new spend lands', async () => {
    const before = await totals();
    clock.advance(2 * 3_600_000);
    await syncNow();
    const after = await totals();
    expect(Number(after['2026-11'])).toBeGreaterThan(Number(before['2026-11']));
    expect(after['2026-10']).toBe(before['2026-10']);
  }, 60_000);

  it('replaces a restated month and only that month', async () => {
    const before = await totals();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'restated-'));
    const file = path.join(folder, 'restated.parquet');
    await writeCur2TestFile(
      file,
      [
        { type: 'Usage', usageType: 'BoxUsage:m5.large', unblended: '100.25' },
        { type: 'Usage', usageType: 'BoxUsage:m5.large', unblended: '0.5', start: '2026-10-06 10:00:00' },
      ],
      'parquet',
    );
    simulator.putObject(simulator.company.bucket, dataKey('2026-10'), fs.readFileSync(file));
    await syncNow();
    const after = await totals();
    expect(Number(after['2026-10'])).toBeCloseTo(100.75, 6);
    expect(after['2026-09']).toBe(before['2026-09']);
    // AWS's export with its manifest is trusted as a restatement; the run still names the month.
    expect(Number(before['2026-10'])).toBeGreaterThan(2 * 100.75);
    expect((await status()).latest_run).toMatchObject({ state: 'succeeded', held_months: null });
    expect((await status()).latest_run.warnings.join(' ')).toMatch(
      /AWS restated the export and lowered the October 2026 bill from \$[\d,.]+ to \$100\.75/,
    );
    fs.rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('says Syncing until the whole sync ends, not between its newest and its older months', async () => {
    // Three months changed: the newest two land first, the older one after the fleet (two runs).
    clock.advance(2 * 3_600_000);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'restated-'));
    for (const period of ['2026-07', '2026-08']) {
      const file = path.join(folder, `${period}.parquet`);
      await writeCur2TestFile(
        file,
        [
          {
            type: 'Usage',
            usageType: 'BoxUsage:m5.large',
            unblended: '42.5',
            start: `${period}-06 10:00:00`,
            billingPeriod: `${period}-01`,
          },
        ],
        'parquet',
      );
      simulator.putObject(simulator.company.bucket, dataKey(period), fs.readFileSync(file));
    }
    fs.rmSync(folder, { recursive: true, force: true });
    const { costData, sync } = syncOverRealModules(server, simulatorAccess(simulator));
    const seenAsRunsEnd: Array<{ months: string[]; state: string }> = [];
    costData.beforeRunEndsWithNewFacts(async (event) => {
      const row = await server.context.database.db
        .selectFrom('integrations')
        .select('state')
        .where('id', '=', integrationId)
        .executeTakeFirstOrThrow();
      seenAsRunsEnd.push({ months: event.billingPeriods.map((day) => day.slice(0, 7)), state: row.state });
    });
    const outcome = await sync.sync(integrationId);
    expect(outcome.periodsIngested.sort()).toEqual(['2026-07', '2026-08', '2026-11']);
    // Each month is a run of its own (docs/decisions/082): the newest two first, then the older one.
    expect(seenAsRunsEnd).toEqual([
      { months: ['2026-08'], state: 'syncing' },
      { months: ['2026-11'], state: 'syncing' },
      { months: ['2026-07'], state: 'syncing' },
    ]);
    expect((await status()).state).toBe('ready');
  }, 60_000);

  it('leaves the data intact and names the file when a delivered file is broken', async () => {
    const before = await totals();
    const key = dataKey('2026-09');
    simulator.putObject(simulator.company.bucket, key, Buffer.from('PAR1 not a whole Parquet file'));
    await syncNow();
    const view = await status();
    expect(view.state).toBe('error');
    expect(view.last_error.file).toContain('BILLING_PERIOD=2026-09');
    expect(await totals()).toEqual(before);
  }, 60_000);
});

describe('throttling during a sync', () => {
  it('fails the job so pg-boss retries it with backoff, and says AWS is throttling', async () => {
    const { sync } = syncOverRealModules(server, { ...simulatorAccess(simulator), maxAttempts: 1 });
    simulator.faults.throttle('s3', 1);
    await expect(sync.sync(integrationId)).rejects.toMatchObject({ code: 'Throttled' });
    const view = await status();
    expect(view.state).toBe('error');
    expect(view.last_error.message).toContain('throttling');
  }, 60_000);
});

describe('checking access', () => {
  const verify = (payload: object) =>
    server.app.inject({ method: 'POST', url: '/api/integrations/verify-role', headers, payload });
  /** The ExternalId the setup screen issues to the organization of these headers. */
  const issuedExternalId = async (app: TestApp, asked: { authorization: string }): Promise<string> =>
    (await app.app.inject({ url: '/api/integrations/setup-kit', headers: asked })).json().external_id;

  it('says the role cannot be assumed for a wrong role ARN or a wrong ExternalId', async () => {
    const issued = await issuedExternalId(server, headers);
    const wrongArn = await verify({ role_arn: 'arn:aws:iam::281947365012:role/Nope', external_id: issued });
    expect(wrongArn.json()).toMatchObject({ ok: false, code: 'AccessDenied' });
    expect(wrongArn.json().message).toContain('ExternalId');
    // Issued to this organization, but not in the role's trust policy.
    const wrongId = await verify({ role_arn: simulator.company.demoRoleArn, external_id: issued });
    expect(wrongId.json()).toMatchObject({ ok: false, code: 'AccessDenied' });
    const malformed = await verify({ role_arn: 'arn:aws:iam::12:user/x', external_id: issued });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().Message).toContain('role_arn');
  });

  it("refuses an ExternalId Spendguard did not issue to the caller's organization", async () => {
    // The simulated role trusts this one, as a role of another organization trusts the ExternalId it was
    // issued: knowing it does not let this organization check or connect that role.
    const owners = await issuedExternalId(server, headers);
    simulator.trustExternalId(simulator.company.demoRoleArn, owners);
    const strangers = await issuedExternalId(server, strangerHeaders);
    for (const external_id of [simulator.company.demoExternalId, strangers]) {
      const refused = await verify({ role_arn: simulator.company.demoRoleArn, external_id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().Message).toMatch(/^external_id: not an ExternalId Spendguard issued/);
    }
    // The stranger's organization, with no integration yet, cannot connect with the owner's either.
    for (const external_id of [simulator.company.demoExternalId, owners]) {
      const connect = await server.app.inject({
        method: 'POST',
        url: '/api/integrations',
        headers: strangerHeaders,
        payload: { kind: 'aws-role', name: 'Theirs', role_arn: simulator.company.demoRoleArn, external_id },
      });
      expect(connect.statusCode).toBe(400);
      expect(connect.json().Message).toMatch(/^external_id: /);
    }
  });

  it('names the missing permission when the role may not read Cost Explorer', async () => {
    const roleArn = 'arn:aws:iam::281947365012:role/NoCostExplorer';
    const issued = await issuedExternalId(server, headers);
    simulator.registerRole(roleArn, issued, { permissions: ['s3:*', 'ec2:Describe*'] });
    const answer = (await verify({ role_arn: roleArn, external_id: issued })).json();
    expect(answer).toMatchObject({ ok: false, code: 'MissingPermission' });
    expect(answer.message).toContain('ce:GetCostAndUsage');
    expect(answer.checks[0].ok).toBe(true);
  });

  it('says AWS is throttling when STS throttles', async () => {
    const throttled = await createTestApp({ aws: { ...simulatorAccess(simulator), maxAttempts: 1 }, clock });
    try {
      const { token } = await signUpVerifiedPerson(throttled, { email: 'throttled@example.com' });
      const external_id = await issuedExternalId(throttled, bearer(token));
      simulator.trustExternalId(simulator.company.demoRoleArn, external_id);
      simulator.faults.throttle('sts', 1);
      const answer = await throttled.app.inject({
        method: 'POST',
        url: '/api/integrations/verify-role',
        headers: bearer(token),
        payload: { role_arn: simulator.company.demoRoleArn, external_id },
      });
      expect(answer.json()).toMatchObject({ ok: false, code: 'Throttled' });
    } finally {
      await throttled.close();
    }
  });
});
