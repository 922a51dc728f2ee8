import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../testing/accounts-fixtures.ts';
import { callAs, type Person } from '../../testing/organization-fixtures.ts';
import { type OrganizationWorld, startOrganizationWorld } from '../../testing/organization-world.ts';

let { server, owner, admin, member, stranger } = {} as OrganizationWorld;

function apply(person: Person, document: unknown) {
  return server.app.inject({
    method: 'POST',
    url: '/api/config/apply',
    payload: JSON.stringify(document),
    headers: { ...bearer(person.token), 'content-type': 'application/json' },
  });
}

const exportJson = async (person: Person = owner) =>
  (await callAs(server, person)('GET', '/api/config?format=json')).json();

beforeAll(async () => {
  ({ server, owner, admin, member, stranger } = await startOrganizationWorld({
    domain: 'routes.test',
    trials: ['owner'],
    app: { env: { SLACK_WEBHOOK_HOSTS: 'hooks.slack.com' } },
  }));
});
afterAll(() => server.close());

describe('teams and the launch rules that name them, in one file', () => {
  const document = {
    version: 1,
    teams: [
      {
        slug: 'data',
        name: 'Data',
        members: ['member@routes.test', 'admin@routes.test'],
        scope: { account_ids: ['444455556666'], tags: [{ key: 'team', value: 'data' }] },
      },
    ],
    alert_rules: [
      { name: 'Data launches', kind: 'launch', settings: { team: 'data', single_launch_usd_per_hour: 25 } },
    ],
  };

  it('creates the team first, so the rule stores the new team’s id', async () => {
    const response = await apply(owner, document);
    expect(response.statusCode).toBe(200);
    expect(response.json().summary).toEqual({ create: 2, update: 0, delete: 0, unchanged: 0 });
    const teams = (await callAs(server, owner)('GET', '/api/teams')).json().teams;
    expect(teams).toEqual([
      expect.objectContaining({
        slug: 'data',
        member_count: 2,
        scope: { account_ids: ['444455556666'], tags: [{ key: 'team', value: 'data' }] },
      }),
    ]);
    const rules = (await callAs(server, owner)('GET', '/api/alert-rules')).json().alert_rules;
    expect(rules[0].settings.team_id).toBe(teams[0].id);
    expect((await exportJson()).teams[0].members).toEqual(['admin@routes.test', 'member@routes.test']);
  });

  it('changes a team’s members and a rule’s kind in place, keeping their ids', async () => {
    const [teamBefore] = (await callAs(server, owner)('GET', '/api/teams')).json().teams;
    const [ruleBefore] = (await callAs(server, owner)('GET', '/api/alert-rules')).json().alert_rules;
    const changed = {
      ...document,
      teams: [{ ...document.teams[0], members: ['member@routes.test'] }],
      alert_rules: [{ name: 'Data launches', kind: 'anomaly', settings: { sensitivity: 'high' } }],
    };
    const response = await apply(admin, changed);
    expect(response.statusCode).toBe(200);
    expect(response.json().changes).toEqual([
      {
        section: 'teams',
        name: 'data',
        action: 'update',
        changes: [
          {
            field: 'members',
            before: ['admin@routes.test', 'member@routes.test'],
            after: ['member@routes.test'],
          },
        ],
      },
      expect.objectContaining({ section: 'alert_rules', name: 'Data launches', action: 'update' }),
    ]);
    const [teamAfter] = (await callAs(server, owner)('GET', '/api/teams')).json().teams;
    const [ruleAfter] = (await callAs(server, owner)('GET', '/api/alert-rules')).json().alert_rules;
    expect(teamAfter).toMatchObject({ id: teamBefore.id, member_count: 1 });
    expect(ruleAfter).toMatchObject({
      id: ruleBefore.id,
      kind: 'anomaly',
      settings: { sensitivity: 'high' },
    });
  });
});

describe('notification routes', () => {
  it('refuses Slack routing while Slack is not connected, naming the path', async () => {
    const response = await apply(owner, {
      version: 1,
      notifications: { recipients: [], slack: { channel: '#x', alert_kinds: ['budget'] } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toMatch(/^notifications\.slack: Slack is not connected/);
  });

  it('routes alert kinds to the connected channel and keeps its webhook', async () => {
    const saved = await callAs(server, owner)('PUT', '/api/slack', {
      webhook_url: 'https://hooks.slack.com/services/T1/B1/hidden',
      channel: '#finops',
    });
    expect(saved.statusCode).toBe(200);
    const response = await apply(owner, {
      version: 1,
      notifications: {
        recipients: ['cfo@routes.test'],
        slack: { channel: '#spend', alert_kinds: ['launch', 'budget'] },
      },
    });
    expect(response.statusCode).toBe(200);
    const slack = (await callAs(server, owner)('GET', '/api/slack')).json();
    expect(slack).toMatchObject({ connected: true, channel: '#spend', alert_kinds: ['budget', 'launch'] });
    expect(slack.webhook_hint).toContain('hooks.slack.com');
    expect((await exportJson()).notifications).toEqual({
      recipients: ['cfo@routes.test'],
      slack: { channel: '#spend', alert_kinds: ['budget', 'launch'], digest: 'off' },
    });
  });

  it('asks an added address to confirm, after the transaction, once', async () => {
    const mailsTo = async (address: string) =>
      (
        await server.context.database.db
          .selectFrom('mail_outbox')
          .select('text_body')
          .where('to_address', '=', address)
          .execute()
      ).map((mail) => mail.text_body);
    const mails = await mailsTo('cfo@routes.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('http://localhost:3000/confirmation/');
    await apply(owner, { version: 1, notifications: { recipients: ['cfo@routes.test'] } });
    expect(await mailsTo('cfo@routes.test')).toHaveLength(1);
    const preferences = (await callAs(server, owner)('GET', '/api/notification-preferences')).json();
    expect(preferences.extra_recipients).toEqual([
      { email: 'cfo@routes.test', confirmed: false, unsubscribed: false },
    ]);
  });
});

describe('added alert addresses kept per organization (decision 076)', () => {
  const address = 'flapping@routes.test';
  const mailsTo = async (to: string) =>
    server.context.database.db.selectFrom('mail_outbox').select('id').where('to_address', '=', to).execute();
  const recipientRow = (email: string) =>
    server.context.database.db
      .selectFrom('alert_recipients')
      .select(['id', 'unsubscribed_at'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
  const setByPreferences = (recipients: string[]) =>
    callAs(server, owner)('PUT', '/api/notification-preferences', {
      email: true,
      slack: true,
      digest: 'off',
      kinds: ['budget'],
      extra_recipients: recipients,
    });
  const applyRecipients = (recipients: string[]) =>
    apply(owner, { version: 1, notifications: { recipients } });

  it('sends one confirmation mail to an address removed and added again within the hour', async () => {
    for (const recipients of [[address], [], [address], [], [address]]) {
      expect((await applyRecipients(recipients)).statusCode).toBe(200);
    }
    expect((await setByPreferences([])).statusCode).toBe(200);
    expect((await setByPreferences([address])).statusCode).toBe(200);
    expect(await mailsTo(address)).toHaveLength(1);
  });

  it('refuses an address longer than mail carries, by either way in, and keeps the list as it was', async () => {
    await applyRecipients([address]);
    const tooLong = `${'a'.repeat(3_000)}@routes.test`;
    const byPreferences = await setByPreferences([address, tooLong]);
    expect(byPreferences.statusCode).toBe(400);
    expect(byPreferences.json().Message).toMatch(/extra_recipients/);
    const byConfig = await applyRecipients([tooLong]);
    expect(byConfig.statusCode).toBe(400);
    expect(byConfig.json().Message).toMatch(/recipients/);
    const kept = await server.context.database.db
      .selectFrom('alert_recipients')
      .select('removed_at')
      .where('email', '=', address)
      .executeTakeFirstOrThrow();
    expect(kept.removed_at).toBeNull();
  });

  it('leaves an address that stays as it is when others are added', async () => {
    const before = await recipientRow(address);
    await applyRecipients([address, 'second@routes.test']);
    expect((await recipientRow(address)).id).toBe(before.id);
    expect(await mailsTo(address)).toHaveLength(1);
  });

  it('keeps an unsubscribe through every edit, removing and adding the address again included', async () => {
    const { id } = await recipientRow(address);
    await server.context.database.db
      .updateTable('alert_recipients')
      .set({ unsubscribed_at: new Date('2026-12-01T00:00:00Z') })
      .where('id', '=', id)
      .execute();
    await applyRecipients(['second@routes.test']);
    await setByPreferences([address]);
    await applyRecipients([address, 'second@routes.test']);
    const shown = (await callAs(server, owner)('GET', '/api/notification-preferences')).json();
    expect(shown.extra_recipients).toContainEqual({ email: address, confirmed: false, unsubscribed: true });
    expect((await recipientRow(address)).unsubscribed_at).not.toBeNull();
    expect(await mailsTo(address)).toHaveLength(1);
    // The earlier address back, as the file's later tests read it: no second mail within the hour.
    await applyRecipients(['cfo@routes.test']);
    expect(await mailsTo('cfo@routes.test')).toHaveLength(1);
  });
});

describe('plans and limits', () => {
  it('refuses teams to an organization without the Business plan (403), writing nothing', async () => {
    const response = await apply(stranger, {
      version: 1,
      budgets: [{ name: 'Mine', amount_usd: 10 }],
      teams: [{ slug: 'solo', name: 'Solo' }],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().Code).toBe('PlanFeatureRequired');
    expect((await exportJson(stranger)).budgets).toEqual([]);
  });

  it("refuses to change a rule's kind to one the plan lacks (403), keeping the rule as it was", async () => {
    const daily = {
      name: 'Daily',
      kind: 'cost-threshold',
      settings: { mode: 'daily-amount', amount_usd: 50 },
    };
    expect((await apply(stranger, { version: 1, alert_rules: [daily] })).statusCode).toBe(200);
    const changed = await apply(stranger, {
      version: 1,
      alert_rules: [{ name: 'Daily', kind: 'anomaly', settings: { sensitivity: 'high' } }],
    });
    expect(changed.statusCode).toBe(403);
    expect(changed.json().Code).toBe('PlanFeatureRequired');
    expect((await exportJson(stranger)).alert_rules).toEqual([
      expect.objectContaining({ kind: 'cost-threshold' }),
    ]);
    expect((await apply(stranger, { version: 1, alert_rules: [] })).statusCode).toBe(200);
  });

  it("counts the plan's limit after the file: two budgets on Free answer 403 PlanLimitReached", async () => {
    const response = await apply(stranger, {
      version: 1,
      budgets: [
        { name: 'One', amount_usd: 10 },
        { name: 'Two', amount_usd: 20 },
      ],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().Code).toBe('PlanLimitReached');
    expect(
      (await apply(stranger, { version: 1, budgets: [{ name: 'One', amount_usd: 10 }] })).statusCode,
    ).toBe(200);
  });

  it('refuses the whole document to a member limited to teams, and lets one who sees all spend read it, even the routes', async () => {
    const refused = await callAs(server, member)('GET', '/api/config?format=json');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Message).toMatch(/teams limit the spend you see/);
    const [team] = (await callAs(server, owner)('GET', '/api/teams')).json().teams;
    const emptied = await callAs(server, owner)('PATCH', `/api/teams/${team.id}`, { member_ids: [] });
    expect(emptied.statusCode).toBe(200);
    expect((await exportJson(member)).notifications.recipients).toEqual(['cfo@routes.test']);
  });
});
