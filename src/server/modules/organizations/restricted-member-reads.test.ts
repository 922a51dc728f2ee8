import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUploadIntegration } from '../../testing/alert-fixtures.ts';
import { callAs } from '../../testing/organization-fixtures.ts';
import { type OrganizationWorld, startOrganizationWorld } from '../../testing/organization-world.ts';
import { uploadsAs } from '../../testing/upload-fixtures.ts';

/**
 * A member limited to a team's account reads only what lies in it, on the reads that are not cost screens:
 * the alert rules, another person's last alerts, and a held upload's monthly totals.
 */
const PAYMENTS = '111122223333';
const OTHER = '444455556666';

let world: OrganizationWorld;
let integrationId: string;
let teamId: string;

const CUR_HEADER =
  'lineItem/UsageAccountId,lineItem/LineItemType,lineItem/UsageStartDate,lineItem/ProductCode,lineItem/UnblendedCost';
const curFile = (accounts: string[], days: number, cost: number) =>
  Buffer.from(
    [
      CUR_HEADER,
      ...accounts.flatMap((account) =>
        Array.from(
          { length: days },
          (_, index) =>
            `${account},Usage,2024-09-${String(index + 1).padStart(2, '0')}T05:00:00Z,AmazonEC2,${cost}`,
        ),
      ),
    ].join('\n'),
  );

beforeAll(async () => {
  world = await startOrganizationWorld({ domain: 'scoped.test', trials: ['owner'] });
  const as = callAs(world.server, world.owner);
  const team = await as('POST', '/api/teams', {
    name: 'Payments',
    member_ids: [world.member.userId],
    scope: { account_ids: [PAYMENTS], tags: [] },
  });
  expect(team.statusCode).toBe(201);
  teamId = team.json().id;
  integrationId = await createUploadIntegration(world.server, world.owner);
});
afterAll(async () => {
  await world.server.close();
});

describe('alert rules', () => {
  it('a member limited to a team sees the rules on its spend only; another rule answers 404', async () => {
    const as = callAs(world.server, world.owner);
    const daily = { mode: 'daily-amount', amount_usd: 200 };
    const created: Record<string, string> = {};
    for (const [name, body] of [
      ['Payments daily', { kind: 'cost-threshold', settings: daily, filter: { account_ids: [PAYMENTS] } }],
      ['Other daily', { kind: 'cost-threshold', settings: daily, filter: { account_ids: [OTHER] } }],
      ['All spend daily', { kind: 'cost-threshold', settings: daily }],
      [
        'Payments launches',
        { kind: 'launch', settings: { team_id: teamId, single_launch_usd_per_hour: 40 } },
      ],
    ] as const) {
      const response = await as('POST', '/api/alert-rules', { name, ...body });
      expect(response.statusCode, name).toBe(201);
      created[name] = response.json().id;
    }
    const names = async (person: typeof world.owner) =>
      (
        (await callAs(world.server, person)('GET', '/api/alert-rules')).json().alert_rules as Array<{
          name: string;
        }>
      )
        .map((rule) => rule.name)
        .sort();
    expect(await names(world.owner)).toEqual([
      'All spend daily',
      'Other daily',
      'Payments daily',
      'Payments launches',
    ]);
    expect(await names(world.member)).toEqual(['Payments daily', 'Payments launches']);
    const asMember = callAs(world.server, world.member);
    expect((await asMember('GET', `/api/alert-rules/${created['Payments daily']}`)).statusCode).toBe(200);
    expect((await asMember('GET', `/api/alert-rules/${created['Other daily']}`)).statusCode).toBe(404);
    expect((await asMember('GET', `/api/alert-rules/${created['All spend daily']}`)).statusCode).toBe(404);
  });
});

describe("another person's last alerts and a held upload", () => {
  beforeAll(async () => {
    const as = callAs(world.server, world.owner);
    for (const [name, filter] of [
      ['Payments budget', { account_ids: [PAYMENTS] }],
      ['Other budget', { account_ids: [OTHER] }],
    ] as const) {
      expect((await as('POST', '/api/budgets', { name, amount_usd: 100, filter })).statusCode).toBe(201);
    }
    const upload = await uploadsAs(world.server, world.owner.token).uploadFile(
      integrationId,
      'september.csv',
      curFile([PAYMENTS, OTHER], 30, 10),
    );
    expect(upload.json()).toMatchObject({ state: 'succeeded' });
    // Both budgets have alerted the owner (delivered to the mail outbox this server keeps).
    const delivered = async () => {
      const profile = await as('GET', '/api/organization-members/owner');
      const titles = (profile.json().alerts.recent as Array<{ title: string }>).map((alert) => alert.title);
      return ['Payments budget', 'Other budget'].every((name) =>
        titles.some((title) => title.includes(name)),
      );
    };
    while (!(await delivered())) await new Promise((resolve) => setTimeout(resolve, 50));
  });

  it("on the owner's member page, a member limited to a team sees only the alerts about its spend", async () => {
    const titles = async (person: typeof world.owner) => {
      const profile = await callAs(world.server, person)('GET', '/api/organization-members/owner');
      expect(profile.statusCode).toBe(200);
      return (profile.json().alerts.recent as Array<{ title: string }>).map((alert) => alert.title);
    };
    const everything = await titles(world.owner);
    expect(everything.some((title) => title.includes('Other budget'))).toBe(true);
    const scoped = await titles(world.member);
    expect(scoped.length).toBeGreaterThan(0);
    expect(scoped.every((title) => title.includes('Payments budget'))).toBe(true);
  });

  it("a held upload's monthly totals, the organization's bill, are the owner's to see, not the member's", async () => {
    const held = await uploadsAs(world.server, world.owner.token).uploadFile(
      integrationId,
      'september-cut.csv',
      curFile([PAYMENTS], 1, 10),
    );
    expect(held.json()).toMatchObject({ state: 'held' });
    const runOf = async (person: typeof world.owner) => {
      const list = await callAs(world.server, person)('GET', '/api/integrations');
      const status = await callAs(world.server, person)('GET', `/api/integrations/${integrationId}/status`);
      const listed = list.json().find((one: { id: string }) => one.id === integrationId);
      return [listed.latest_run, status.json().latest_run];
    };
    for (const run of await runOf(world.owner))
      expect(run).toMatchObject({
        state: 'held',
        held_months: [expect.objectContaining({ period: '2024-09-01' })],
      });
    for (const run of await runOf(world.member))
      expect(run).toMatchObject({ state: 'held', held_months: null });
  });
});
