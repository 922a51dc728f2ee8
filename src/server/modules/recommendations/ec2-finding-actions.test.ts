import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { startTestSimulator, TEST_CLOCK_START } from '../../../aws-sim/testing/test-simulator.ts';
import type { Ec2FindingListView, Ec2FindingView } from '../../../contracts/recommendations.ts';
import { bearer, signUpVerifiedPerson } from '../../testing/accounts-fixtures.ts';
import { organizationOf, organizationWithFleet } from '../../testing/recommendations-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { RecommendationsService } from './recommendations.service.ts';

let server: TestApp;
let simulator: AwsSimulator;
let owner: string;
let member: string;
let stranger: string;
let organizationId: string;
let recommendations: RecommendationsService;

/** A third person joins the owner's organization as a plain member and works in it. */
async function joinAsMember(token: string, userId: string) {
  const { db } = server.context.database;
  await db
    .insertInto('member')
    .values({ id: crypto.randomUUID(), organizationId, userId, role: 'member', createdAt: new Date() })
    .execute();
  await db
    .updateTable('session')
    .set({ activeOrganizationId: organizationId })
    // The bearer token is the stored token with its signature after the dot.
    .where('token', '=', token.split('.')[0] ?? '')
    .execute();
}

beforeAll(async () => {
  server = await createTestApp();
  ({ simulator } = await startTestSimulator());
  ({ token: owner } = await signUpVerifiedPerson(server, { email: 'owner@acme.example' }));
  ({ organizationId, recommendations } = await organizationWithFleet(
    server,
    owner,
    simulator,
    TEST_CLOCK_START,
  ));
  await recommendations.refreshFindings(organizationId);
  const joined = await signUpVerifiedPerson(server, { email: 'member@acme.example', name: 'Mo Member' });
  member = joined.token;
  await joinAsMember(joined.token, joined.userId);
  ({ token: stranger } = await signUpVerifiedPerson(server, { email: 'someone@other.example' }));
});
afterAll(async () => {
  await simulator?.close();
  await server?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), payload });

async function list(token = owner, query = ''): Promise<Ec2FindingListView> {
  return (await call(token, 'GET', `/api/recommendations/ec2${query}`)).json();
}
async function finding(name: string, query = '?include_dismissed=true'): Promise<Ec2FindingView | undefined> {
  return (await list(owner, query)).findings.find((candidate) => candidate.name === name);
}

describe('prices without a bill', () => {
  it('take us-east-1 from the shipped list and Ireland from the Price List API', async () => {
    expect(await finding('jenkins-old')).toMatchObject({
      price_source: 'list-us-east-1',
      monthly_cost_now: 60.736,
    });
    const sandbox = await finding('reporting-sandbox');
    expect(sandbox?.price_source).toBe('pricing-api');
    expect(sandbox?.hourly_cost).toBeCloseTo(0.096 * 1.12, 8);
  });
});

describe('dismissing and snoozing', () => {
  it('hides a dismissed finding and its savings, and remembers it across a refresh', async () => {
    const before = await list();
    const jenkins = (await finding('jenkins-old'))!;
    const dismissed = await call(owner, 'POST', `/api/recommendations/ec2/${jenkins.id}/dismiss`);
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().action).toMatchObject({ kind: 'dismissed', by: 'Jane Doe' });
    await recommendations.refreshFindings(organizationId);
    const after = await list();
    expect(after.findings.map((f) => f.name)).not.toContain('jenkins-old');
    expect(after.total_monthly_savings).toBeCloseTo(before.total_monthly_savings - 60.736, 4);
    expect(await finding('jenkins-old')).toMatchObject({ id: jenkins.id, action: { kind: 'dismissed' } });
  });

  it('snoozes a finding for 30 days, across a refresh', async () => {
    const sandbox = (await finding('reporting-sandbox'))!;
    const snoozed = (await call(owner, 'POST', `/api/recommendations/ec2/${sandbox.id}/snooze`)).json();
    const days = (Date.parse(snoozed.action.snoozed_until) - Date.parse(snoozed.action.at)) / 86_400_000;
    expect(days).toBe(30);
    await recommendations.refreshFindings(organizationId);
    expect(await finding('reporting-sandbox', '')).toBeUndefined();
    expect((await finding('reporting-sandbox'))?.action?.kind).toBe('snoozed');
  });

  it('keeps dismissed and snoozed idle instances out of the idle alerts', async () => {
    expect((await recommendations.listIdleFindings(organizationId)).map((f) => f.name)).toEqual([]);
  });

  it('brings a finding back on undo', async () => {
    const jenkins = (await finding('jenkins-old'))!;
    const undone = await call(owner, 'DELETE', `/api/recommendations/ec2/${jenkins.id}/action`);
    expect(undone.json().action).toBeNull();
    expect((await finding('jenkins-old', ''))?.id).toBe(jenkins.id);
    const idle = await recommendations.listIdleFindings(organizationId);
    expect(idle).toEqual([
      expect.objectContaining({
        name: 'jenkins-old',
        verdict: 'idle',
        monthlyWasteUsd: 60.736,
        windowEnd: '2026-11-21',
      }),
    ]);
  });

  it('lets a dismissal lapse when the instance gets a different kind of finding', async () => {
    const kafka = (await finding('kafka-broker-1'))!;
    expect(kafka.finding).toBe('over-provisioned'); // CPU p99.5 72% under the 80% target
    await call(owner, 'POST', `/api/recommendations/ec2/${kafka.id}/dismiss`);
    const stricter = await call(owner, 'PUT', '/api/recommendations/ec2/settings', {
      cpu_percentile: 99.5,
      headroom_percent: 30,
    });
    expect(stricter.statusCode).toBe(200);
    await recommendations.refreshFindings(organizationId);
    expect(await finding('kafka-broker-1', '')).toMatchObject({
      finding: 'under-provisioned',
      target_cpu_percent: 70,
      action: null,
    });
    await call(owner, 'PUT', '/api/recommendations/ec2/settings', {
      cpu_percentile: 99.5,
      headroom_percent: 20,
    });
    await recommendations.refreshFindings(organizationId);
    expect(await finding('kafka-broker-1', '')).toBeUndefined();
  });
});

describe('settings', () => {
  it("start at AWS Compute Optimizer's p99.5 and 20% headroom", async () => {
    const { json } = await call(member, 'GET', '/api/recommendations/ec2/settings');
    expect(json()).toEqual({ cpu_percentile: 99.5, headroom_percent: 20 });
  });
  it('accept only the values Compute Optimizer offers, naming the field', async () => {
    const response = await call(owner, 'PUT', '/api/recommendations/ec2/settings', {
      cpu_percentile: 97,
      headroom_percent: 20,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toContain('cpu_percentile');
  });
});

describe('who may see and act', () => {
  it('lets a member read the findings and one finding', async () => {
    const findings = (await list(member)).findings;
    expect(findings.length).toBeGreaterThan(0);
    expect((await call(member, 'GET', `/api/recommendations/ec2/${findings[0]!.id}`)).statusCode).toBe(200);
  });

  it('refuses a member dismissing, snoozing, undoing or changing settings (403)', async () => {
    const id = (await list(member)).findings[0]!.id;
    for (const [method, url] of [
      ['POST', `/api/recommendations/ec2/${id}/dismiss`],
      ['POST', `/api/recommendations/ec2/${id}/snooze`],
      ['DELETE', `/api/recommendations/ec2/${id}/action`],
      ['PUT', '/api/recommendations/ec2/settings'],
    ] as const) {
      const response = await call(
        member,
        method,
        url,
        method === 'PUT' ? { cpu_percentile: 95, headroom_percent: 10 } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("answers 404 for another organization's finding, and shows that organization nothing", async () => {
    const id = (await list()).findings[0]!.id;
    expect((await call(stranger, 'GET', `/api/recommendations/ec2/${id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'POST', `/api/recommendations/ec2/${id}/dismiss`)).statusCode).toBe(404);
    expect(await list(stranger)).toMatchObject({ count: 0, total_monthly_savings: 0, computed_at: null });
    expect(await organizationOf(server, stranger)).not.toBe(organizationId);
  });

  it('asks for a session', async () => {
    expect((await server.app.inject({ url: '/api/recommendations/ec2' })).statusCode).toBe(401);
  });
});
