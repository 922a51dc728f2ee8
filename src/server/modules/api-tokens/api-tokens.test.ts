import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createServerLog } from '../../plugins/request-log.ts';
import { callWithToken, createApiToken } from '../../testing/api-token-fixtures.ts';
import { callAs, startBusinessTrial } from '../../testing/organization-fixtures.ts';
import { type OrganizationWorld, startOrganizationWorld } from '../../testing/organization-world.ts';

const RATE_LIMIT = 25;
const logLines: string[] = [];
const secrets: string[] = [];
let { server, owner, admin, member, stranger } = {} as OrganizationWorld;

async function tokenFor(
  person: OrganizationWorld['owner'],
  name: string,
  scopes: Parameters<typeof createApiToken>[2]['scopes'],
) {
  const token = await createApiToken(server, person, { name, scopes });
  secrets.push(token.secret);
  return { ...token, call: callWithToken(server, token.secret) };
}

beforeAll(async () => {
  ({ server, owner, admin, member, stranger } = await startOrganizationWorld({
    domain: 'tokens.test',
    trials: ['owner'],
    app: {
      env: { API_TOKEN_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) },
      logger: createServerLog('trace', { write: (line: string) => void logLines.push(line) }),
    },
  }));
  await startBusinessTrial(server, stranger);
});
afterAll(() => server.close());

describe('creating a token', () => {
  it('shows the secret once and keeps only its SHA-256', async () => {
    const response = await callAs(server, owner)('POST', '/api/api-tokens', {
      name: 'CI pipeline',
      scopes: ['budgets:write', 'costs:read'],
      expires_in_days: 90,
    });
    expect(response.statusCode).toBe(201);
    const { api_token, secret } = response.json();
    secrets.push(secret);
    expect(secret).toMatch(/^sg_[A-Za-z0-9_-]{43}$/);
    expect(api_token).toMatchObject({
      name: 'CI pipeline',
      scopes: ['costs:read', 'budgets:write'],
      hint: `sg_…${secret.slice(-4)}`,
      status: 'active',
      created_by: 'Olivia Owner',
      last_used_at: null,
    });
    const list = await callAs(server, owner)('GET', '/api/api-tokens');
    expect(list.json().api_tokens.map((t: { name: string }) => t.name)).toContain('CI pipeline');
    expect(list.body).not.toContain(secret);
    const stored = await server.context.database.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', api_token.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(secret.slice(3, 20));
  });

  it('is for owners and admins: a member gets 403', async () => {
    // Every token expires: one without a lifetime is refused, naming the field.
    const forever = await callAs(server, admin)('POST', '/api/api-tokens', {
      name: 'Admin script',
      scopes: ['costs:read'],
      expires_in_days: null,
    });
    expect(forever.statusCode).toBe(400);
    expect(forever.json().Message).toContain('expires_in_days');
    const asAdmin = await callAs(server, admin)('POST', '/api/api-tokens', {
      name: 'Admin script',
      scopes: ['costs:read'],
      expires_in_days: 365,
    });
    expect(asAdmin.statusCode).toBe(201);
    secrets.push(asAdmin.json().secret);
    expect(asAdmin.json().api_token.expires_at).not.toBeNull();
    const asMember = await callAs(server, member)('POST', '/api/api-tokens', {
      name: 'Mine',
      scopes: ['costs:read'],
      expires_in_days: 30,
    });
    expect(asMember.statusCode).toBe(403);
    expect((await callAs(server, member)('GET', '/api/api-tokens')).statusCode).toBe(403);
  });

  it('answers 400 naming the field for a bad scope, no scope or an odd lifetime', async () => {
    const create = callAs(server, owner);
    const badScope = await create('POST', '/api/api-tokens', {
      name: 'x',
      scopes: ['admin:all'],
      expires_in_days: 30,
    });
    expect(badScope.statusCode).toBe(400);
    expect(badScope.json().Message).toContain('scopes');
    const none = await create('POST', '/api/api-tokens', { name: 'x', scopes: [], expires_in_days: 30 });
    expect(none.json().Message).toContain('choose at least one scope');
    const lifetime = await create('POST', '/api/api-tokens', {
      name: 'x',
      scopes: ['costs:read'],
      expires_in_days: 12,
    });
    expect(lifetime.statusCode).toBe(400);
    expect(lifetime.json().Message).toContain('expires_in_days');
  });
});

describe('a token on the API', () => {
  it('reads with costs:read, and a write outside its scopes is a 403 naming the scope', async () => {
    const reader = await tokenFor(owner, 'Reader', ['costs:read']);
    const read = await reader.call('GET', '/api/budgets');
    expect(read.statusCode).toBe(200);
    expect((await reader.call('GET', '/api/integrations')).statusCode).toBe(200);
    const write = await reader.call('POST', '/api/budgets', { name: 'Nope', amount_usd: 10 });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({
      Code: 'MissingScope',
      Message: 'This API token lacks the scope budgets:write, which this route needs.',
    });
  });

  it('writes budgets with budgets:write but reads nothing without costs:read', async () => {
    const writer = await tokenFor(owner, 'Budgets as code', ['budgets:write']);
    const created = await writer.call('POST', '/api/budgets', { name: 'From CI', amount_usd: 500 });
    expect(created.statusCode).toBe(201);
    const budgets = await callAs(server, owner)('GET', '/api/budgets');
    expect(budgets.json().budgets.map((b: { name: string }) => b.name)).toContain('From CI');
    const read = await writer.call('GET', '/api/budgets');
    expect(read.statusCode).toBe(403);
    expect(read.json().Message).toContain('costs:read');
    const integration = await writer.call('POST', '/api/integrations', { kind: 'upload', name: 'Files' });
    expect(integration.statusCode).toBe(403);
    expect(integration.json().Message).toContain('integrations:manage');
  });

  it('manages integrations with integrations:manage', async () => {
    const manager = await tokenFor(owner, 'Provisioner', ['integrations:manage']);
    const created = await manager.call('POST', '/api/integrations', { kind: 'upload', name: 'From CI' });
    expect(created.statusCode).toBe(201);
    const removed = await manager.call('DELETE', `/api/integrations/${created.json().id}`);
    expect(removed.statusCode).toBe(204);
  });

  it("answers 404 for another organization's budget", async () => {
    const theirs = await callAs(server, stranger)('POST', '/api/budgets', { name: 'Theirs', amount_usd: 9 });
    expect(theirs.statusCode).toBe(201);
    const token = await tokenFor(owner, 'Curious', ['costs:read', 'budgets:write']);
    expect((await token.call('GET', `/api/budgets/${theirs.json().id}`)).statusCode).toBe(404);
    expect((await token.call('DELETE', `/api/budgets/${theirs.json().id}`)).statusCode).toBe(404);
  });

  it('is refused on routes outside the token API, whatever its scopes', async () => {
    const token = await tokenFor(owner, 'Everything', ['costs:read', 'budgets:write', 'integrations:manage']);
    for (const [method, url] of [
      ['GET', '/api/users/me'],
      ['GET', '/api/organization'],
      ['GET', '/api/api-tokens'],
      ['POST', '/api/api-tokens'],
      ['GET', '/api/billing/subscription'],
      ['GET', '/api/api-tokens/events'],
    ] as const) {
      const response = await token.call(
        method,
        url,
        method === 'POST' ? { name: 'Another', scopes: ['costs:read'], expires_in_days: 7 } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().Code, `${method} ${url}`).toBe('TokenNotAccepted');
    }
    // better-auth's own routes (sessions, passwords) do not know the token at all.
    const session = await token.call('GET', '/api/auth/get-session');
    expect(session.body).not.toContain('Olivia');
    const password = await token.call('POST', '/api/auth/change-password', {
      currentPassword: 'Correct-Horse-42',
      newPassword: 'Another-Horse-43',
    });
    expect(password.statusCode).toBe(401);
  });
});

describe('a token that no longer holds', () => {
  it('answers 401 at once after revocation, and revoking again changes nothing', async () => {
    const token = await tokenFor(owner, 'Leaked', ['costs:read']);
    expect((await token.call('GET', '/api/budgets')).statusCode).toBe(200);
    const revoked = await callAs(server, admin)('DELETE', `/api/api-tokens/${token.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked' });
    const after = await token.call('GET', '/api/budgets');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ Code: 'Unauthorized', Message: 'The API token has been revoked.' });
    expect((await callAs(server, owner)('DELETE', `/api/api-tokens/${token.id}`)).statusCode).toBe(200);
  });

  it('keeps every refused use of a revoked or expired token in the audit log', async () => {
    const revoked = await tokenFor(owner, 'Revoked in use', ['costs:read']);
    await callAs(server, owner)('DELETE', `/api/api-tokens/${revoked.id}`);
    const expired = await tokenFor(owner, 'Expired in use', ['costs:read']);
    await server.context.database.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date('2020-01-01T00:00:00Z') })
      .where('id', '=', expired.id)
      .execute();
    expect((await revoked.call('GET', '/api/budgets')).statusCode).toBe(401);
    expect((await revoked.call('GET', '/api/budgets')).statusCode).toBe(401);
    expect((await expired.call('GET', '/api/budgets')).statusCode).toBe(401);
    const events = (await callAs(server, owner)('GET', '/api/api-tokens/events')).json().events as Array<{
      action: string;
      token_name: string;
      detail: string;
    }>;
    const refused = (name: string) =>
      events.filter((event) => event.action === 'use-refused' && event.token_name === name);
    expect(refused('Revoked in use')).toEqual([
      expect.objectContaining({ actor: null, detail: 'The API token has been revoked. Refused with 401.' }),
      expect.objectContaining({ detail: 'The API token has been revoked. Refused with 401.' }),
    ]);
    expect(refused('Expired in use')).toEqual([
      expect.objectContaining({ detail: 'The API token has expired. Refused with 401.' }),
    ]);
  });

  it('answers 401 at once on another node sharing the database', async () => {
    const otherNode = await buildApp(server.context);
    try {
      const token = await tokenFor(owner, 'Two nodes', ['costs:read']);
      const onOtherNode = () =>
        otherNode.inject({
          method: 'GET',
          url: '/api/budgets',
          headers: { authorization: `Bearer ${token.secret}` },
        });
      expect((await onOtherNode()).statusCode).toBe(200);
      expect((await callAs(server, owner)('DELETE', `/api/api-tokens/${token.id}`)).statusCode).toBe(200);
      expect((await onOtherNode()).statusCode).toBe(401);
    } finally {
      await otherNode.close();
    }
  });

  it('cannot be revoked from another organization (404)', async () => {
    const token = await tokenFor(owner, 'Ours', ['costs:read']);
    expect((await callAs(server, stranger)('DELETE', `/api/api-tokens/${token.id}`)).statusCode).toBe(404);
    expect((await token.call('GET', '/api/budgets')).statusCode).toBe(200);
  });

  it('answers 401 once expired', async () => {
    const token = await tokenFor(owner, 'Short-lived', ['costs:read']);
    await server.context.database.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', token.id)
      .execute();
    const response = await token.call('GET', '/api/budgets');
    expect(response.statusCode).toBe(401);
    expect(response.json().Message).toBe('The API token has expired.');
    const list = await callAs(server, owner)('GET', '/api/api-tokens');
    expect(list.json().api_tokens.find((t: { id: string }) => t.id === token.id).status).toBe('expired');
  });

  it('answers 401 for a secret nobody issued', async () => {
    const response = await callWithToken(server, `sg_${'x'.repeat(43)}`)('GET', '/api/budgets');
    expect(response.statusCode).toBe(401);
    expect(response.json().Message).toBe('The API token is not valid.');
  });
});

describe('limits and traces', () => {
  it(`answers 429 with Retry-After past ${RATE_LIMIT} requests a minute, per token`, async () => {
    const busy = await tokenFor(owner, 'Busy', ['costs:read']);
    const calm = await tokenFor(owner, 'Calm', ['costs:read']);
    const answers: number[] = [];
    for (let i = 0; i <= RATE_LIMIT; i += 1)
      answers.push((await busy.call('GET', '/api/budgets')).statusCode);
    expect(answers.slice(0, RATE_LIMIT).every((status) => status === 200)).toBe(true);
    const limited = await busy.call('GET', '/api/budgets');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().Code).toBe('TooManyRequests');
    expect((await calm.call('GET', '/api/budgets')).statusCode).toBe(200);
  });

  it('shows its last use, written once a minute rather than per request', async () => {
    const token = await tokenFor(owner, 'Nightly export', ['costs:read']);
    const lastUse = async () =>
      (await callAs(server, owner)('GET', '/api/api-tokens'))
        .json()
        .api_tokens.find((t: { id: string }) => t.id === token.id).last_used_at;
    expect(await lastUse()).toBeNull();
    await token.call('GET', '/api/budgets');
    const first = await lastUse();
    expect(first).not.toBeNull();
    await token.call('GET', '/api/integrations');
    expect(await lastUse()).toBe(first);
  });

  it('stops working when its creator is no longer an owner or admin', async () => {
    const token = await tokenFor(admin, 'Admin cron', ['costs:read']);
    expect((await token.call('GET', '/api/budgets')).statusCode).toBe(200);
    const demote = await callAs(server, owner)('PATCH', `/api/organization-users/${admin.userId}`, {
      role: 'member',
    });
    expect(demote.statusCode).toBe(200);
    const response = await token.call('GET', '/api/budgets');
    expect(response.statusCode).toBe(401);
    expect(response.json().Message).toContain('no longer an owner or admin');
    await callAs(server, owner)('PATCH', `/api/organization-users/${admin.userId}`, { role: 'admin' });
    expect((await token.call('GET', '/api/budgets')).statusCode).toBe(200);
  });

  it('keeps an audit log of creations, revocations and refusals that owners read', async () => {
    const response = await callAs(server, owner)('GET', '/api/api-tokens/events');
    expect(response.statusCode).toBe(200);
    const events = response.json().events as Array<{
      action: string;
      token_name: string;
      actor: string | null;
      detail: string;
    }>;
    expect(events).toContainEqual(
      expect.objectContaining({
        action: 'created',
        token_name: 'CI pipeline',
        actor: 'Olivia Owner',
        detail: expect.stringMatching(/; expires [A-Z][a-z]{2} \d{1,2}, \d{4} \(UTC\)\.$/),
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ action: 'revoked', token_name: 'Leaked', actor: 'Adam Admin' }),
    );
    expect(
      events.filter((event) => event.action === 'revoked' && event.token_name === 'Leaked'),
    ).toHaveLength(1);
    expect(events).toContainEqual(
      expect.objectContaining({
        action: 'scope-denied',
        token_name: 'Reader',
        actor: null,
        detail: 'POST /api/budgets needs budgets:write; refused with 403.',
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ action: 'route-refused', token_name: 'Everything' }),
    );
    expect((await callAs(server, admin)('GET', '/api/api-tokens/events')).statusCode).toBe(403);
    const theirs = await callAs(server, stranger)('GET', '/api/api-tokens/events');
    expect(theirs.json().events.map((event: { token_name: string }) => event.token_name)).not.toContain(
      'CI pipeline',
    );
  });

  it('declares the bearer scheme and each operation scope in the OpenAPI document', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/budgets'].post['x-token-scope']).toBe('budgets:write');
    expect(document.paths['/api/budgets'].get.security).toContainEqual({ apiToken: ['costs:read'] });
    expect(document.paths['/api/users/me']?.get?.['x-token-scope']).toBeUndefined();
  });

  it('never writes a token to the log', () => {
    expect(logLines.some((line) => line.includes('/api/budgets'))).toBe(true);
    expect(secrets.length).toBeGreaterThan(5);
    for (const secret of secrets) {
      expect(logLines.filter((line) => line.includes(secret.slice(3)))).toEqual([]);
    }
  });
});
