import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from '../../auth/auth-secret.ts';
import {
  callAs,
  inviteNewPerson,
  type Person,
  signUpVerified,
  startBusinessTrial,
} from '../../testing/organization-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.ts';
import { createSecretBox } from './alert-link-tokens.ts';

/** The default policy (no WEBHOOK_ALLOW_PRIVATE): webhooks reach public https addresses only. */
let server: TestApp;
let receiver: WebhookReceiver;
let owner: Person;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await createTestApp();
  owner = await signUpVerified(server, 'owner@strict.test', 'Olivia Owner');
  await startBusinessTrial(server, owner);
}, 60_000);
afterAll(async () => {
  await server.close();
  await receiver.close();
});

const as = () => callAs(server, owner);

describe('adding an endpoint whose target is on the server’s own network', () => {
  it.each([
    ['https://127.0.0.1/hooks/spend', 'loopback'],
    ['https://10.0.0.8/hooks/spend', 'private'],
    ['https://[::1]/hooks/spend', 'loopback'],
    ['https://169.254.169.254/latest/meta-data/iam/', 'link-local (cloud metadata)'],
    ['https://localhost/hooks/spend', 'loopback'],
    ['https://0x7f.1/hooks/spend', 'loopback'],
  ])('refuses %s with a 400 naming url', async (url, why) => {
    const response = await as()('POST', '/api/webhooks', { url, description: 'Internal bot' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Code: 'InvalidWebhookUrl' });
    expect(response.json().Message).toMatch(/^url: /);
    expect(response.json().Message).toContain(why);
  });

  it('refuses plain http and URLs with credentials, and bad shapes, naming the field', async () => {
    const plain = await as()('POST', '/api/webhooks', { url: 'http://example.com/x', description: 'x' });
    expect(plain.json().Message).toBe('url: must start with https:// (plain http is refused on this server)');
    const withUser = await as()('POST', '/api/webhooks', {
      url: 'https://a:b@example.com/x',
      description: 'x',
    });
    expect(withUser.json().Message).toContain('url: must not carry a user name');
    const empty = await as()('POST', '/api/webhooks', { url: '', description: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Message).toMatch(/^url: /);
    const noName = await as()('POST', '/api/webhooks', { url: 'https://example.com/x', description: ' ' });
    expect(noName.json().Message).toMatch(/^description: /);
    const kind = await as()('POST', '/api/webhooks', {
      kind: 'pager',
      url: 'https://x.test',
      description: 'x',
    });
    expect(kind.json().Message).toMatch(/^kind: /);
  });

  it('refuses again at delivery: a stored target that now points inside is not reached', async () => {
    // As if saved while the name resolved to a public address: the row is written as the service would.
    const box = createSecretBox(resolveAuthSecret(server.context.config), 'webhook-secrets');
    const organization = await server.context.database.db
      .selectFrom('member')
      .select('organizationId')
      .where('userId', '=', owner.userId)
      .executeTakeFirstOrThrow();
    const row = await server.context.database.db
      .insertInto('webhook_endpoints')
      .values({
        organization_id: organization.organizationId,
        kind: 'webhook',
        description: 'Rebound',
        url_sealed: box.seal(`https://localhost:${receiver.port}/rebound`),
        url_hint: 'https://localhost/…ound',
        secret_sealed: box.seal('whsec_test'),
        secret_hint: 'whsec_…test',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const test = await as()('POST', `/api/webhooks/${row.id}/test`);
    expect(test.statusCode).toBe(202);
    const log = await as()('GET', `/api/webhooks/${row.id}/deliveries`);
    const [delivery] = log.json().deliveries;
    expect(delivery).toMatchObject({ event_type: 'test', state: 'failed' });
    expect(delivery.attempts).toEqual([
      expect.objectContaining({
        status_code: null,
        outcome: 'failed',
        error: expect.stringContaining('loopback'),
      }),
    ]);
    expect(receiver.received).toHaveLength(0);
  });
});

describe('who may see and change endpoints', () => {
  it('answers 404 for another organization’s endpoint and 403 to a member', async () => {
    const [mine] = (await as()('GET', '/api/webhooks')).json().endpoints;
    const stranger = await signUpVerified(server, 'stranger@elsewhere.test', 'Sam Stranger');
    await startBusinessTrial(server, stranger);
    const theirs = callAs(server, stranger);
    expect((await theirs('GET', `/api/webhooks/${mine.id}/deliveries`)).statusCode).toBe(404);
    expect((await theirs('POST', `/api/webhooks/${mine.id}/test`)).statusCode).toBe(404);
    expect((await theirs('PATCH', `/api/webhooks/${mine.id}`, { description: 'mine now' })).statusCode).toBe(
      404,
    );
    expect((await theirs('DELETE', `/api/webhooks/${mine.id}`)).statusCode).toBe(404);
    expect((await theirs('GET', '/api/webhooks')).json().endpoints).toEqual([]);

    const member = await inviteNewPerson(server, owner, { email: 'member@hooks.test', role: 'member' });
    const asMember = callAs(server, member);
    expect((await asMember('GET', '/api/webhooks')).json().endpoints.length).toBeGreaterThan(0);
    const create = await asMember('POST', '/api/webhooks', { url: receiver.url('/m'), description: 'Mine' });
    expect(create.statusCode).toBe(403);
    expect((await asMember('POST', `/api/webhooks/${mine.id}/secret`)).statusCode).toBe(403);
    // The delivery log holds every notification's title, whatever team it concerns.
    expect((await asMember('GET', `/api/webhooks/${mine.id}/deliveries`)).statusCode).toBe(403);
  });

  it('answers 400 naming the field for a malformed id', async () => {
    const response = await as()('GET', '/api/webhooks/not-an-id/deliveries');
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toMatch(/^id: /);
  });
});
