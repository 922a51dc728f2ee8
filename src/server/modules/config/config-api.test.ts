import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../testing/accounts-fixtures.ts';
import { callAs, type Person } from '../../testing/organization-fixtures.ts';
import { type OrganizationWorld, startOrganizationWorld } from '../../testing/organization-world.ts';

let { server, owner, admin, member, stranger } = {} as OrganizationWorld;

/** Sends a document as a CI job would: YAML text, or JSON. */
function send(person: Person, url: string, body: string, type = 'application/yaml') {
  const options: InjectOptions = {
    method: 'POST',
    url,
    payload: body,
    headers: { ...bearer(person.token), 'content-type': type },
  };
  return server.app.inject(options);
}

async function exportYaml(person: Person = owner): Promise<string> {
  const response = await server.app.inject({
    method: 'GET',
    url: '/api/config',
    headers: bearer(person.token),
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('application/yaml');
  return response.body;
}

beforeAll(async () => {
  ({ server, owner, admin, member, stranger } = await startOrganizationWorld({
    domain: 'config.test',
    trials: ['owner', 'stranger'],
    app: { env: { SLACK_WEBHOOK_HOSTS: 'hooks.slack.com' } },
  }));
  const as = callAs(server, owner);
  const team = await as('POST', '/api/teams', {
    name: 'Platform',
    member_ids: [member.userId],
    scope: { account_ids: ['111122223333'], tags: [] },
  });
  expect(team.statusCode).toBe(201);
  expect((await as('POST', '/api/budgets', { name: 'All AWS', amount_usd: 1000 })).statusCode).toBe(201);
  const launch = await as('POST', '/api/alert-rules', {
    kind: 'launch',
    name: 'Platform GPU launches',
    settings: { team_id: team.json().id, single_launch_usd_per_hour: 40 },
  });
  expect(launch.statusCode).toBe(201);
  const daily = await as('POST', '/api/alert-rules', {
    kind: 'cost-threshold',
    name: 'Daily over $200',
    settings: { mode: 'daily-amount', amount_usd: 200 },
  });
  expect(daily.statusCode).toBe(201);
  const slack = await as('PUT', '/api/slack', {
    webhook_url: 'https://hooks.slack.com/services/T000/B000/secret',
    channel: '#cloud-costs',
    alert_kinds: ['budget', 'anomaly'],
  });
  expect(slack.statusCode).toBe(200);
});
afterAll(() => server.close());

it('is in the OpenAPI document with its body schema and the token scope each route needs', async () => {
  const document = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  expect(document.paths['/api/config'].get['x-token-scope']).toBe('costs:read');
  const apply = document.paths['/api/config/apply'].post;
  expect(apply['x-token-scope']).toBe('budgets:write');
  expect(document.paths['/api/config/plan'].post['x-token-scope']).toBe('budgets:write');
  const body = apply.requestBody.content['application/json'].schema;
  expect(Object.keys(body.properties)).toEqual([
    'version',
    'teams',
    'budgets',
    'alert_rules',
    'notifications',
  ]);
  expect(document.paths['/api/config/plan'].post.responses['400'].description).toContain('names the field');
});

describe('exporting', () => {
  it('writes budgets, rules, teams and routes as YAML with names instead of ids, the same each time', async () => {
    const text = await exportYaml();
    expect(text).toBe(await exportYaml());
    expect(text).toMatch(/^version: 1\n/);
    expect(text).toContain('slug: platform');
    expect(text).toContain('- member@config.test');
    expect(text).toContain('team: platform');
    expect(text).toContain('channel: "#cloud-costs"');
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(text).not.toContain('secret');
  });

  it('answers JSON with ?format=json or Accept: application/json, equal to the YAML', async () => {
    const byQuery = await callAs(server, owner)('GET', '/api/config?format=json');
    expect(byQuery.headers['content-type']).toContain('application/json');
    const byAccept = await server.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { ...bearer(owner.token), accept: 'application/json' },
    });
    expect(byAccept.body).toBe(byQuery.body);
    const { parse } = await import('yaml');
    expect(byQuery.json()).toEqual(parse(await exportYaml()));
  });

  it('lets no member plan or apply (403), nor export when limited to teams (403); a visitor gets 401', async () => {
    const text = await exportYaml(admin);
    const exported = await callAs(server, member)('GET', '/api/config');
    expect(exported.statusCode).toBe(403);
    expect((await send(member, '/api/config/plan', text)).statusCode).toBe(403);
    expect((await send(member, '/api/config/apply', text)).statusCode).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(401);
  });

  it("shows another organization nothing of this one's teams, budgets or rules", async () => {
    const theirs = await exportYaml(stranger);
    expect(theirs).toBe(
      'version: 1\nteams: []\nbudgets: []\nalert_rules: []\nnotifications:\n  recipients: []\n',
    );
  });
});

describe('the round trip: export, edit, plan, apply, export', () => {
  let original: string;
  let edited: string;

  beforeAll(async () => {
    original = await exportYaml();
    edited = original
      .replace('amount_usd: 1000', 'amount_usd: 1500')
      .replace(
        'alert_rules:\n',
        '  - name: Data platform\n    amount_usd: 300\n    period: quarterly\n    cost_basis: amortized\n    filter:\n      account_ids:\n        - "111122223333"\n      services: []\n      tag: null\n    thresholds:\n      - percent: 90\n        basis: forecast\n    paused: false\nalert_rules:\n',
      )
      .replace('recipients: []', 'recipients:\n    - finance@config.test');
  });

  it('plans the edits per object and writes nothing', async () => {
    const response = await send(admin, '/api/config/plan', edited);
    expect(response.statusCode).toBe(200);
    const plan = response.json();
    expect(plan).toMatchObject({
      applied: false,
      summary: { create: 1, update: 2, delete: 0, unchanged: 3 },
    });
    expect(plan.changes).toContainEqual({
      section: 'budgets',
      name: 'All AWS',
      action: 'update',
      changes: [{ field: 'amount_usd', before: 1000, after: 1500 }],
    });
    expect(plan.changes).toContainEqual({
      section: 'budgets',
      name: 'Data platform',
      action: 'create',
      changes: [],
    });
    expect(plan.changes).toContainEqual({
      section: 'notifications',
      name: 'notifications',
      action: 'update',
      changes: [{ field: 'recipients', before: [], after: ['finance@config.test'] }],
    });
    expect(await exportYaml()).toBe(original);
  });

  it('applies them, and the next export is the edited file', async () => {
    const response = await send(owner, '/api/config/apply', edited);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ applied: true, summary: { create: 1, update: 2 } });
    expect(await exportYaml()).toBe(edited);
    const budgets = (await callAs(server, owner)('GET', '/api/budgets')).json().budgets;
    const data = budgets.find((budget: { name: string }) => budget.name === 'Data platform');
    expect(data.status.thresholds.map((t: { id: string }) => t.id)).toEqual(['forecast-90']);
  });

  it('changes nothing when the same file is applied again', async () => {
    const before = (await callAs(server, owner)('GET', '/api/budgets')).json().budgets;
    const response = await send(owner, '/api/config/apply', edited);
    expect(response.json()).toMatchObject({
      applied: true,
      summary: { create: 0, update: 0, delete: 0, unchanged: 6 },
    });
    const after = (await callAs(server, owner)('GET', '/api/budgets')).json().budgets;
    expect(after.map((b: { id: string }) => b.id)).toEqual(before.map((b: { id: string }) => b.id));
    expect(await exportYaml()).toBe(edited);
  });

  it('takes JSON too, and deletes what a listed section leaves out (a section left out is left alone)', async () => {
    const current = (await callAs(server, owner)('GET', '/api/config?format=json')).json();
    const document = {
      version: 1,
      budgets: current.budgets.filter((b: { name: string }) => b.name !== 'Data platform'),
    };
    const response = await send(owner, '/api/config/apply', JSON.stringify(document), 'application/json');
    expect(response.statusCode).toBe(200);
    expect(response.json().changes).toEqual([
      { section: 'budgets', name: 'All AWS', action: 'unchanged', changes: [] },
      { section: 'budgets', name: 'Data platform', action: 'delete', changes: [] },
    ]);
    const after = (await callAs(server, owner)('GET', '/api/config?format=json')).json();
    expect(after.teams).toEqual(current.teams);
    expect(after.alert_rules).toEqual(current.alert_rules);
  });
});

describe('a document with a mistake answers 400 naming its path, and changes nothing', () => {
  const cases: Array<[string, (text: string) => string, string]> = [
    [
      'a wrong value',
      (t) => t.replace('amount_usd: 1500', 'amount_usd: -5'),
      'budgets[0].amount_usd: must be above 0',
    ],
    [
      'an unknown key',
      (t) => t.replace('    paused: false\n', '    paused: false\n    owner: finance\n'),
      'budgets[0].owner: unknown key',
    ],
    [
      'an unknown key deep inside',
      (t) => t.replace('      tag: null\n', '      tag: null\n      regions: []\n'),
      'budgets[0].filter.regions: unknown key',
    ],
    [
      'a duplicate name',
      (t) => t.replace('name: Daily over $200', 'name: Platform GPU launches'),
      'alert_rules[1].name: "Platform GPU launches" is already used by alert_rules[0]',
    ],
    [
      'a missing team',
      (t) => t.replace('team: platform', 'team: payments'),
      'alert_rules[1].settings.team: no team "payments" in this file\'s teams',
    ],
    [
      'someone outside the organization',
      (t) => t.replace('- member@config.test', '- stranger@elsewhere.test'),
      'teams[0].members[0]: stranger@elsewhere.test is not a member of this organization',
    ],
    [
      'a wrong kind of alert',
      (t) => t.replace('- budget\n', '- invoices\n'),
      'notifications.slack.alert_kinds[0]',
    ],
    ['a wrong version', (t) => t.replace('version: 1', 'version: 2'), 'version: use version 1'],
    ['broken YAML', (t) => t.replace('budgets:\n', 'budgets: [\n'), 'document: '],
  ];

  it.each(cases)('%s', async (_name, edit, message) => {
    const before = await exportYaml();
    const text = edit(before);
    expect(text).not.toBe(before);
    for (const url of ['/api/config/plan', '/api/config/apply']) {
      const response = await send(owner, url, text);
      expect(response.statusCode).toBe(400);
      expect(response.json().Code).toBe('InvalidConfig');
      expect(response.json().Message).toContain(message);
    }
    expect(await exportYaml()).toBe(before);
  });

  it("refuses a launch rule naming another organization's team", async () => {
    const document = {
      version: 1,
      alert_rules: [
        { name: 'Theirs', kind: 'launch', settings: { team: 'platform', single_launch_usd_per_hour: 10 } },
      ],
    };
    const response = await send(stranger, '/api/config/plan', JSON.stringify(document), 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe(
      'alert_rules[0].settings.team: no team "platform" in this organization',
    );
  });
});

it('answers 400, never 500, to documents that are not documents at all', async () => {
  const bodies: Array<[string, string]> = [
    ['', 'application/yaml'],
    ['just text', 'application/yaml'],
    ['- a\n- b\n', 'application/yaml'],
    ['version: 1\nbudgets: {}\n', 'application/yaml'],
    ['version: 1\nalert_rules:\n  - name: x\n', 'application/yaml'],
    ['version: 1\nalert_rules:\n  - name: x\n    kind: nope\n', 'application/yaml'],
    ['version: 1\nteams:\n  - slug: Not A Slug\n    name: x\n', 'application/yaml'],
    ['a: &a [*a]\n', 'application/yaml'],
    ['{"version": 1,', 'application/json'],
    ['null', 'application/json'],
  ];
  for (const [body, type] of bodies) {
    const response = await send(owner, '/api/config/plan', body, type);
    expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
    expect(response.json().Message).toBeTruthy();
  }
});

describe('a configuration body is read only once the caller may apply a configuration', () => {
  /** 200 KB: one anchored list of 100,000 values, referred to 99 times. */
  const aliasBomb = `a: &a [${Array(100_000).fill('0').join(',')}]\nx: [${Array(99).fill('*a').join(', ')}]\n`;
  const unsigned = (body: string, type = 'application/yaml') =>
    server.app.inject({
      method: 'POST',
      url: '/api/config/plan',
      payload: body,
      headers: { 'content-type': type },
    });

  it('answers a visitor 401 without parsing the body, even one that is not YAML or JSON', async () => {
    expect((await unsigned('{{{ not: yaml')).statusCode).toBe(401);
    expect((await unsigned('{"version": 1,', 'application/json')).statusCode).toBe(401);
    expect((await unsigned(aliasBomb)).statusCode).toBe(401);
  });

  it('answers a member 403 without parsing the body', async () => {
    expect((await send(member, '/api/config/plan', '{{{ not: yaml')).statusCode).toBe(403);
  });

  it('refuses aliases that expand past what the body limit could hold, naming the limit', async () => {
    const response = await send(owner, '/api/config/plan', aliasBomb);
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe(
      'document: written out in full (aliases expanded) it holds more than 131072 values or nests deeper than 32 levels',
    );
  });

  it('refuses a body over 256 KiB, YAML or JSON, with 413', async () => {
    const yaml = await send(owner, '/api/config/plan', `version: 1\n# ${'x'.repeat(256 * 1024)}\n`);
    expect(yaml.statusCode).toBe(413);
    expect(yaml.json().Message).toMatch(/^body: /);
    const json = JSON.stringify({ version: 1, budgets: [{ name: 'x'.repeat(256 * 1024), amount_usd: 1 }] });
    expect((await send(owner, '/api/config/plan', json, 'application/json')).statusCode).toBe(413);
  });

  it('refuses a NUL character in a YAML string, naming the field', async () => {
    const response = await send(owner, '/api/config/plan', 'version: 1\nbudgets:\n  - name: "a\\0b"\n');
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe('budgets.0.name: must not contain a NUL character.');
  });
});

describe('live-spend rules as code', () => {
  it('exports a live-spend rule with its conditions, and applying the export again changes nothing', async () => {
    const created = await callAs(server, stranger)('POST', '/api/alert-rules', {
      kind: 'live-spend',
      name: 'NAT leaks',
      settings: { resource_usd_per_hour: 5, usual_multiple: 4 },
    });
    expect(created.statusCode).toBe(201);
    const text = await exportYaml(stranger);
    expect(text).toContain('kind: live-spend');
    expect(text).toContain('resource_usd_per_hour: 5');
    expect(text).toContain('usual_multiple: 4');
    const again = await send(stranger, '/api/config/apply', text);
    expect(again.json()).toMatchObject({ applied: true, summary: { create: 0, update: 0, delete: 0 } });
    const refused = await send(
      stranger,
      '/api/config/plan',
      'version: 1\nalert_rules:\n  - name: Empty\n    kind: live-spend\n    settings: {}\n',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toContain('resource_usd_per_hour');
  });
});

describe('commitments rules as code', () => {
  it('exports a commitments rule with its lead times, and applying the export again changes nothing', async () => {
    const created = await callAs(server, stranger)('POST', '/api/alert-rules', {
      kind: 'commitments',
      name: 'Plans ending',
      settings: {
        expiry_lead_days: [90, 30],
        utilization_below_percent: 70,
        return_window: false,
        start_announcement: false,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const text = await exportYaml(stranger);
    expect(text).toContain('kind: commitments');
    expect(text).toContain('start_announcement: false');
    expect(text).toMatch(/expiry_lead_days:\s*\n\s*- 90\s*\n\s*- 30/);
    expect(text).toContain('utilization_below_percent: 70');
    const again = await send(stranger, '/api/config/apply', text);
    expect(again.json()).toMatchObject({ applied: true, summary: { create: 0, update: 0, delete: 0 } });
    const refused = await send(
      stranger,
      '/api/config/plan',
      'version: 1\nalert_rules:\n  - name: Nothing\n    kind: commitments\n    settings:\n      expiry_lead_days: []\n      return_window: false\n      start_announcement: false\n',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toContain('expiry_lead_days');
  });
});

describe("a launch rule's automatic stop as code", () => {
  it('applies auto_stop (dry run by default off), exports it back, and names a bad field', async () => {
    const { parse } = await import('yaml');
    const before = await exportYaml();
    const document = parse(before) as { alert_rules: Array<Record<string, unknown>> };
    const withPolicy = {
      ...document,
      alert_rules: [
        ...document.alert_rules,
        {
          name: 'Sandbox GPU stop',
          kind: 'launch',
          settings: {
            single_launch_usd_per_hour: 100,
            auto_stop: { mode: 'dry-run', account_ids: ['111122223333'] },
          },
        },
      ],
    };
    const applied = await send(owner, '/api/config/apply', JSON.stringify(withPolicy), 'application/json');
    expect(applied.statusCode, applied.body).toBe(200);
    const { alert_rules: list } = (await callAs(server, owner)('GET', '/api/alert-rules')).json() as {
      alert_rules: Array<{ name: string; settings: Record<string, unknown> }>;
    };
    expect(list.find((rule) => rule.name === 'Sandbox GPU stop')?.settings.auto_stop).toEqual({
      mode: 'dry-run',
      after_minutes: 15,
      account_ids: ['111122223333'],
    });
    const exported = await exportYaml();
    expect(exported).toContain('mode: dry-run');
    expect(exported).toContain('after_minutes: 15');
    expect(exported).toContain('auto_stop: null');

    const tooSoon = {
      ...withPolicy,
      alert_rules: [
        ...document.alert_rules,
        {
          name: 'Sandbox GPU stop',
          kind: 'launch',
          settings: { single_launch_usd_per_hour: 100, auto_stop: { mode: 'on', after_minutes: 2 } },
        },
      ],
    };
    const refused = await send(owner, '/api/config/plan', JSON.stringify(tooSoon), 'application/json');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toContain('auto_stop.after_minutes');

    const restored = await send(owner, '/api/config/apply', before);
    expect(restored.statusCode, restored.body).toBe(200);
  });
});
