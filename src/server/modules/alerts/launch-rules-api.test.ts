import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../../testing/organization-fixtures.ts';
import { type OrganizationWorld, startOrganizationWorld } from '../../testing/organization-world.ts';

let { server, owner, member, stranger } = {} as OrganizationWorld;

beforeAll(async () => {
  ({ server, owner, member, stranger } = await startOrganizationWorld({
    domain: 'launch-rules.test',
    trials: ['owner'],
  }));
});
afterAll(() => server.close());

describe('launch alert rules through the API', () => {
  let ruleId: string;

  it('creates a rule for a costly single launch, with defaults and a name that says what it does', async () => {
    const response = await callAs(server, owner)('POST', '/api/alert-rules', {
      kind: 'launch',
      settings: { single_launch_usd_per_hour: 50 },
    });
    expect(response.statusCode).toBe(201);
    ruleId = response.json().id;
    expect(response.json()).toMatchObject({
      kind: 'launch',
      name: 'A launch adds more than $50 an hour',
      settings: {
        team_id: null,
        window_hours: 6,
        window_rise_usd_per_hour: null,
        single_launch_usd_per_hour: 50,
        budget_overrun: false,
      },
    });
    const list = await callAs(server, member)('GET', '/api/alert-rules');
    expect(list.json().alert_rules.map((rule: { kind: string }) => rule.kind)).toEqual(['launch']);
  });

  it('answers 400 naming the field for a rule without a condition or with a bad window', async () => {
    const as = callAs(server, owner);
    const none = await as('POST', '/api/alert-rules', { kind: 'launch', settings: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().Message).toContain('single_launch_usd_per_hour');
    expect(none.json().Message).toContain('set at least one condition');
    const window = await as('POST', '/api/alert-rules', {
      kind: 'launch',
      settings: { window_rise_usd_per_hour: 100, window_hours: 0 },
    });
    expect(window.statusCode).toBe(400);
    expect(window.json().Message).toContain('window_hours');
    const negative = await as('POST', '/api/alert-rules', {
      kind: 'launch',
      settings: { single_launch_usd_per_hour: -5 },
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().Message).toContain('single_launch_usd_per_hour');
    const team = await as('POST', '/api/alert-rules', {
      kind: 'launch',
      settings: { budget_overrun: true, team_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(team.statusCode).toBe(400);
    expect(team.json().Message).toContain('settings.team_id');
    const patched = await as('PATCH', `/api/alert-rules/${ruleId}`, {
      settings: { single_launch_usd_per_hour: null },
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().Message).toContain('settings.single_launch_usd_per_hour');
  });

  it('changes the conditions of a rule', async () => {
    const response = await callAs(server, owner)('PATCH', `/api/alert-rules/${ruleId}`, {
      settings: { window_rise_usd_per_hour: 120, window_hours: 12, budget_overrun: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().settings).toMatchObject({
      window_rise_usd_per_hour: 120,
      window_hours: 12,
      single_launch_usd_per_hour: null,
      budget_overrun: true,
    });
  });

  it("answers 404 for another organization's launch rule, and 403 to a member who writes", async () => {
    const other = callAs(server, stranger);
    expect((await other('GET', `/api/alert-rules/${ruleId}`)).statusCode).toBe(404);
    expect((await other('PATCH', `/api/alert-rules/${ruleId}`, { paused: true })).statusCode).toBe(404);
    expect((await other('DELETE', `/api/alert-rules/${ruleId}`)).statusCode).toBe(404);
    expect(
      (await callAs(server, member)('PATCH', `/api/alert-rules/${ruleId}`, { paused: true })).statusCode,
    ).toBe(403);
  });

  it("shows budgets' live run-rate part of the forecast, zero while nothing was launched", async () => {
    const created = await callAs(server, owner)('POST', '/api/budgets', {
      name: 'All AWS',
      amount_usd: 1000,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().status).toMatchObject({ forecast_live_run_rate_usd: 0 });
  });
});
