import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  QUEUED_SAVINGS_PLAN,
  RETIRED_EC2_RESERVATION,
} from '../../../aws-sim/company/commitment-inventory.ts';
import { RDS_RESERVATION } from '../../../aws-sim/company/rds-reservation.ts';
import { COMPUTE_SAVINGS_PLAN, RECENT_SAVINGS_PLAN } from '../../../aws-sim/company/savings-plan.ts';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { startTestSimulator, type TestClock } from '../../../aws-sim/testing/test-simulator.ts';
import type { CommitmentRow, CommitmentsView } from '../../../contracts/commitments.ts';
import type { IntegrationView } from '../../../contracts/integrations.ts';
import { expiryDedupeKey } from '../../../domain/commitment-expiry.ts';
import { simulatorAccess } from '../../aws-simulator-access.ts';
import { bearer, signUpVerifiedPerson } from '../../testing/accounts-fixtures.ts';
import { uploadSimulatorBill } from '../../testing/recommendations-fixtures.ts';
import { syncWithRoleLacking } from '../../testing/sync-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { until } from '../../testing/until.ts';
import { createUploadIntegration } from '../../testing/upload-fixtures.ts';

/**
 * The commitments the AWS APIs list, stored at each sync of the demo account through the real SDK and
 * merged with the bill's on the Commitments page (decision 122): the source of each, the queued plan
 * before its start, a role without a describe permission named on the card while the bill still shows
 * the commitments.
 */
let simulator: AwsSimulator;
let clock: TestClock;
let server: TestApp;
let token: string;
let headers: { authorization: string };
let integrationId: string;

const commitments = async (query: string, as = headers) => {
  const response = await server.app.inject({ url: `/api/commitments?${query}`, headers: as });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as CommitmentsView).commitments;
};
const byId = (rows: CommitmentRow[], id: string) =>
  rows.find((row) => row.id === id || row.id.endsWith(`/${id}`));
const card = async () =>
  (
    await server.app.inject({ url: `/api/integrations/${integrationId}/status`, headers })
  ).json() as IntegrationView;

beforeAll(async () => {
  ({ simulator, clock } = await startTestSimulator());
  server = await createTestApp({ aws: simulatorAccess(simulator), clock });
  ({ token } = await signUpVerifiedPerson(server, { email: 'finance@inventory.test' }));
  headers = bearer(token);
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/integrations',
    headers,
    payload: { kind: 'aws-demo' },
  });
  expect(created.statusCode, created.body).toBe(201);
  integrationId = created.json().id;
}, 300_000);
afterAll(async () => {
  await server.close();
  await simulator.close();
});

describe('the commitments inventory from the AWS APIs', () => {
  it('is stored by the sync and merged with the bill: each commitment says where it came from', async () => {
    const rows = await commitments(`integration=${integrationId}`);
    expect(byId(rows, COMPUTE_SAVINGS_PLAN.arn)).toMatchObject({
      source: 'both',
      aws_state: 'active',
      type: 'Compute Savings Plan',
      term: '3yr',
      rates: '$0.540 an hour, nothing upfront, covers EC2, Fargate, Lambda',
    });
    expect(byId(rows, COMPUTE_SAVINGS_PLAN.arn)!.total_commitment_usd).toBeGreaterThan(0);
    expect(byId(rows, RECENT_SAVINGS_PLAN.arn)).toMatchObject({
      source: 'both',
      type: 'EC2 Instance Savings Plan',
    });
    expect(byId(rows, RDS_RESERVATION.arn)).toMatchObject({
      source: 'both',
      type: 'RDS Reserved Instance',
      reserved_count: 3,
      payment_option: 'Partial Upfront',
    });
    // Retired before the billed months: only EC2 still lists it.
    expect(byId(rows, RETIRED_EC2_RESERVATION.id)).toMatchObject({
      source: 'aws-api',
      type: 'EC2 Reserved Instance',
      state: 'expired',
      aws_state: 'retired',
      reserved_count: 2,
      instance_family: 'm5',
      utilization_percent: null,
    });
    expect(rows).toHaveLength(5);
  });

  it('lists the queued Savings Plan with the day it starts, before the bill has a line of it', async () => {
    const queued = byId(await commitments(`integration=${integrationId}`), QUEUED_SAVINGS_PLAN.arn);
    expect(queued).toMatchObject({
      source: 'aws-api',
      state: 'queued',
      aws_state: 'queued',
      hourly_commitment_usd: 1.2,
      utilization_percent: null,
      total_commitment_usd: 0,
      net_savings_usd: null,
    });
    const startsInDays = (Date.parse(queued!.starts_at!) - clock.now().getTime()) / 86_400_000;
    expect(startsInDays).toBeGreaterThan(0);
    expect(startsInDays).toBeLessThanOrEqual(QUEUED_SAVINGS_PLAN.startsDaysAfterAnchor);
    expect(Date.parse(queued!.ends_at!) - Date.parse(queued!.starts_at!)).toBe(365 * 86_400_000);
    // The kind filter and commitment_id reach the listed commitments too.
    expect(
      (await commitments(`integration=${integrationId}&kind=reservation`)).map((row) => row.source).sort(),
    ).toEqual(['aws-api', 'both']);
    const one = await commitments(
      `integration=${integrationId}&commitment_id=${encodeURIComponent(QUEUED_SAVINGS_PLAN.arn)}`,
    );
    expect(one.map((row) => row.id)).toEqual([QUEUED_SAVINGS_PLAN.arn]);
  });

  it("answers 404 for another organization's integration and commitment", async () => {
    const otherToken = (await signUpVerifiedPerson(server, { email: 'else@inventory.test' })).token;
    const other = bearer(otherToken);
    const integration = await server.app.inject({
      url: `/api/commitments?integration=${integrationId}`,
      headers: other,
    });
    expect(integration.statusCode).toBe(404);
    expect(integration.json()).toMatchObject({ Code: 'NotFound' });
    const own = await createUploadIntegration(server, otherToken, 'Theirs');
    const commitment = await server.app.inject({
      url: `/api/commitments?integration=${own}&commitment_id=${encodeURIComponent(QUEUED_SAVINGS_PLAN.arn)}`,
      headers: other,
    });
    expect(commitment.statusCode).toBe(404);
  });

  it('names on the card the permission a role lacks, keeps what it listed before, and the bill still shows the plans', async () => {
    expect((await card()).commitment_reads?.reads.every((read) => read.state === 'ok')).toBe(true);
    const { card: view, management } = await syncWithRoleLacking(
      server,
      simulator,
      { id: integrationId, headers },
      'savingsplans:DescribeSavingsPlans',
    );
    expect(view.state).toBe('ready');
    const missing = view.commitment_reads?.reads.filter((read) => read.state !== 'ok');
    expect(missing).toEqual([
      expect.objectContaining({
        account_id: management.id,
        api: 'savings-plans',
        state: 'missing-permission',
        permission: 'savingsplans:DescribeSavingsPlans',
      }),
    ]);
    const rows = await commitments(`integration=${integrationId}`);
    expect(byId(rows, COMPUTE_SAVINGS_PLAN.arn)?.total_commitment_usd).toBeGreaterThan(0);
    // The Savings Plans listed by the last sync that could read them stay.
    expect(byId(rows, QUEUED_SAVINGS_PLAN.arn)?.source).toBe('aws-api');
    expect(rows).toHaveLength(5);
  }, 120_000);

  it('leaves an integration fed by uploads as the bill says it, every commitment from the bill', async () => {
    const uploader = (await signUpVerifiedPerson(server, { email: 'uploads@inventory.test' })).token;
    const uploads = await createUploadIntegration(server, uploader, 'Uploaded CUR');
    await uploadSimulatorBill(server, uploader, uploads, simulator, clock.now().toISOString().slice(0, 7));
    const rows = await commitments(`integration=${uploads}`, bearer(uploader));
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.source))).toEqual(new Set(['bill']));
    expect(byId(rows, QUEUED_SAVINGS_PLAN.arn)).toBeUndefined();
  }, 120_000);

  it('announces the queued plan once, when it starts, unless the rule turned the announcement off', async () => {
    const startsAt = byId(await commitments(`integration=${integrationId}`), QUEUED_SAVINGS_PLAN.arn)!
      .starts_at!;
    const notified = (key: string) =>
      server.context.database.db
        .selectFrom('alert_notifications')
        .select(['dedupe_key', 'title', 'summary'])
        .where('dedupe_key', 'like', key)
        .execute();
    const announced = () => notified('commitment-start:%');
    const rule = {
      kind: 'commitments',
      settings: { expiry_lead_days: [60, 30, 7, 1], return_window: false, start_announcement: false },
    };
    // Before its start a rule change evaluates the organization, and nothing is announced.
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/alert-rules',
      headers,
      payload: rule,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().settings).toMatchObject({ start_announcement: false });
    expect(await announced()).toEqual([]);
    clock.set(new Date(Date.parse(startsAt) + 3_600_000));
    const change = async (settings: Record<string, unknown>) => {
      const changed = await server.app.inject({
        method: 'PATCH',
        url: `/api/alert-rules/${created.json().id}`,
        headers,
        payload: { settings: { ...rule.settings, ...settings } },
      });
      expect(changed.statusCode, changed.body).toBe(200);
    };
    // After its start, with the announcement off: the same pass writes a new expiry lead and no start.
    const daysLeft = Math.ceil(
      (Date.parse(
        byId(await commitments(`integration=${integrationId}`), COMPUTE_SAVINGS_PLAN.arn)!.ends_at!,
      ) -
        clock.now().getTime()) /
        86_400_000,
    );
    const lead = daysLeft + 1;
    await change({ expiry_lead_days: [lead] });
    await until(async () => {
      const found = await notified(expiryDedupeKey(COMPUTE_SAVINGS_PLAN.arn, lead));
      return found.length > 0 ? found : undefined;
    });
    expect(await announced()).toEqual([]);
    // Turned on again: two rule changes, two evaluations, one announcement.
    for (const days of [60, 30]) await change({ expiry_lead_days: [days], start_announcement: true });
    // A rule change's evaluation runs after the answer: wait for the announcement, as a person would.
    const rows = await until(async () => {
      const found = await announced();
      return found.length > 0 ? found : undefined;
    });
    expect(rows.map((row) => row.dedupe_key)).toEqual([`commitment-start:${QUEUED_SAVINGS_PLAN.arn}`]);
    expect(rows[0]?.title).toMatch(
      /^Compute Savings Plan queued purchase started on [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    expect(rows[0]?.summary).toContain('It commits $1.20 an hour, used or not.');
  });

  it('forgets the inventory with the integration', async () => {
    const rowsOf = () =>
      server.context.database.db
        .selectFrom('commitment_inventory')
        .select((eb) => eb.fn.countAll<string>().as('rows'))
        .where('integration_id', '=', integrationId)
        .executeTakeFirstOrThrow();
    expect(Number((await rowsOf()).rows)).toBe(5);
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/integrations/${integrationId}`,
      headers,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(Number((await rowsOf()).rows)).toBe(0);
  });
});
