import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { startTestSimulator, TEST_CLOCK_START } from '../../../aws-sim/testing/test-simulator.ts';
import { signUpVerifiedPerson } from '../../testing/accounts-fixtures.ts';
import { callAs, type Person } from '../../testing/organization-fixtures.ts';
import { organizationWithFleet, uploadSimulatorBill } from '../../testing/recommendations-fixtures.ts';
import { standaloneAlertEvaluation } from '../../testing/standalone-alert-evaluation.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { IdleEc2Finding } from '../recommendations/idle-findings.ts';
import type { AlertEvaluation } from './alert-evaluation.ts';

let server: TestApp;
let simulator: AwsSimulator;
let owner: Person;
let organizationId: string;
let findings: IdleEc2Finding[];
let evaluation: AlertEvaluation;

beforeAll(async () => {
  server = await createTestApp();
  ({ simulator } = await startTestSimulator());
  const person = await signUpVerifiedPerson(server, { email: 'ops@fleet.example' });
  owner = { token: person.token, userId: person.userId, email: 'ops@fleet.example' };
  const fleet = await organizationWithFleet(server, person.token, simulator, TEST_CLOCK_START);
  organizationId = fleet.organizationId;
  await uploadSimulatorBill(server, person.token, fleet.integrationId, simulator, '2026-11');
  await fleet.recommendations.refreshFindings(organizationId);
  findings = await fleet.recommendations.listIdleFindings(organizationId);
  evaluation = standaloneAlertEvaluation(server.context, fleet.recommendations.listIdleFindings);
}, 120_000);
afterAll(async () => {
  await simulator?.close();
  await server?.close();
});

const idleAlerts = async () =>
  (await callAs(server, owner)('GET', '/api/notifications'))
    .json()
    .notifications.filter((entry: { kind: string }) => entry.kind === 'idle-ec2');

describe('idle EC2 alerts', () => {
  it('alerts once per idle instance of the recommendations', async () => {
    expect(findings.length).toBeGreaterThan(0);
    expect(
      (await callAs(server, owner)('POST', '/api/alert-rules', { kind: 'idle-ec2', settings: {} }))
        .statusCode,
    ).toBe(201);
    await evaluation.evaluateOrganization(organizationId);
    await evaluation.evaluateOrganization(organizationId);
    const alerts = await idleAlerts();
    expect(alerts).toHaveLength(findings.length);
    expect(alerts.map((alert: { summary: string }) => alert.summary).join('\n')).toContain(
      findings[0]!.instanceId,
    );
  });

  it('keeps an instance in one click: acknowledged and muted for 30 days', async () => {
    const { db } = server.context.database;
    const mail = await db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', 'ops@fleet.example')
      .where('subject', 'like', '%Idle EC2%')
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    const link = new URL(mail.text_body.match(/https?:\/\/\S+\/idle-ec2-confirmation\/\S+/)![0]);
    const response = await server.app.inject({ method: 'POST', url: `/api/alert-links${link.pathname}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(/is kept: no idle alerts about it for 30 days/);
    const mute = await db.selectFrom('alert_instance_mutes').selectAll().executeTakeFirstOrThrow();
    const days = (mute.muted_until.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);

    // Next month the same instance would alert again, but it is muted.
    await db.deleteFrom('alert_notifications').where('source_kind', '=', 'idle-ec2').execute();
    await evaluation.evaluateOrganization(organizationId);
    const summaries = (await idleAlerts()).map((alert: { summary: string }) => alert.summary).join('\n');
    expect(summaries).not.toContain(mute.instance_id);
    expect(await idleAlerts()).toHaveLength(findings.length - 1);
  });
});
