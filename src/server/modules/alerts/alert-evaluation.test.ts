import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUploadIntegration, uploadFocusSample } from '../../testing/alert-fixtures.ts';
import { callAs, organizationWithEveryRole, type Person } from '../../testing/organization-fixtures.ts';
import { standaloneAlertEvaluation } from '../../testing/standalone-alert-evaluation.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createBillingService } from '../billing/billing.service.ts';
import { createCostSlices } from '../cost-data/cost-slices.service.ts';
import { createMailer } from '../mail/mailer.ts';
import { createOrganizationsService } from '../organizations/organizations.service.ts';
import { createAlertDigests } from './alert-digests.ts';

let server: TestApp;
let owner: Person;
let admin: Person;
let member: Person;

beforeAll(async () => {
  server = await createTestApp();
  ({ owner, admin, member } = await organizationWithEveryRole(server, 'eval.test'));
  expect((await callAs(server, owner)('POST', '/api/billing/trial')).statusCode).toBeLessThan(300);
  // The member belongs to a team that owns one AWS account only.
  const team = await callAs(server, owner)('POST', '/api/teams', {
    name: 'Payments',
    member_ids: [member.userId],
    scope: { account_ids: ['111122223333'], tags: [] },
  });
  expect(team.statusCode).toBe(201);
  const as = callAs(server, owner);
  expect(
    (
      await as('POST', '/api/alert-rules', {
        kind: 'cost-threshold',
        settings: { mode: 'daily-amount', amount_usd: 0.5 },
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (
      await as('POST', '/api/alert-rules', {
        kind: 'anomaly',
        settings: { sensitivity: 'high', min_impact_usd: 0 },
      })
    ).statusCode,
  ).toBe(201);
  const integrationId = await createUploadIntegration(server, owner);
  expect((await uploadFocusSample(server, owner, integrationId)).json()).toMatchObject({
    state: 'succeeded',
  });
});
afterAll(() => server.close());

const history = async (person: Person) =>
  (await callAs(server, person)('GET', '/api/notifications')).json().notifications;

describe('evaluation right after an ingest', () => {
  it('fires an anomaly for a series with enough history, with its root causes ranked by dollars', async () => {
    const anomalies = (await history(owner)).filter((entry: { kind: string }) => entry.kind === 'anomaly');
    const compute = anomalies.find((entry: { title: string }) =>
      entry.title.startsWith('Cost anomaly: COMPUTE'),
    );
    expect(compute.summary).toContain('Largest increases: account ocid6');
    expect(compute.summary).toContain('region us-phoenix-1 (+$0.24)');
  });

  it('fires the daily cost threshold on the last day of data, once', async () => {
    const thresholds = (await history(owner)).filter(
      (entry: { kind: string }) => entry.kind === 'cost-threshold',
    );
    expect(thresholds).toHaveLength(1);
    expect(thresholds[0].title).toBe('Daily spend $1.07 on Sep 30, 2024 crossed Daily spend above $0.50');
    expect(thresholds[0].summary).toContain('on Sep 30, 2024 was $1.07, above the limit of $0.50.');
  });

  it('tells owners and admins about alerts on all spend, not a member limited to one account', async () => {
    const [alert] = (await history(owner)).filter(
      (entry: { kind: string }) => entry.kind === 'cost-threshold',
    );
    const recipients = alert.deliveries.map((delivery: { recipient: string }) => delivery.recipient).sort();
    expect(recipients).toEqual(['admin@eval.test', 'owner@eval.test']);
    expect((await history(admin)).length).toBeGreaterThan(0);
    expect(await history(member)).toEqual([]);
  });

  it('does not fire the same threshold again for the same day when the schedule evaluates again', async () => {
    const as = callAs(server, owner);
    const before = (await history(owner)).length;
    const [rule] = (await as('GET', '/api/alert-rules')).json().alert_rules;
    expect((await as('PATCH', `/api/alert-rules/${rule.id}`, { name: 'Renamed' })).statusCode).toBe(200);

    const organizationId = (await as('GET', '/api/organization')).json().id;
    const outcome = await standaloneAlertEvaluation(server.context).evaluateOrganization(organizationId);

    expect(outcome).toEqual({ asOf: '2024-09-30', fired: 0, deliveries: 0 });
    expect((await history(owner)).length).toBe(before);
  });
});

describe('the digest', () => {
  it('mails yesterday, month to date against last month, the forecast and the top movers to who asked', async () => {
    const saved = await callAs(server, owner)('PUT', '/api/notification-preferences', {
      email: true,
      slack: true,
      digest: 'daily',
      kinds: ['budget', 'cost-threshold', 'anomaly', 'idle-ec2'],
    });
    expect(saved.statusCode).toBe(200);
    const { context } = server;
    const organizations = createOrganizationsService(context.database.db);
    const digests = createAlertDigests({
      now: () => new Date(),
      db: context.database.db,
      spend: createCostSlices(context.database.db),
      mailer: createMailer(context),
      billing: createBillingService(context, organizations),
      organizations,
      publicUrl: context.config.publicUrl,
    });
    expect(await digests.sendDue(new Date('2026-11-24T07:00:00Z'))).toBe(1);
    const mail = await context.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'owner@eval.test')
      .where('subject', 'like', '%digest%')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Spendguard daily digest: $20.52 month to date');
    expect(mail.text_body).toContain('Spend on Sep 30, 2024: $1.07.');
    expect(mail.text_body).toContain('last month had no spend at this point');
    expect(mail.text_body).toContain('Top movers month to date:');
  });
});
