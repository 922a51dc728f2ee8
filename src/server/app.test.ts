import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countPageViews } from './modules/analytics/analytics.repository.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

describe('the foundation', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp({ queue: true });
  });
  afterAll(() => server.close());

  it('reports a healthy database and queue with the version', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      database: { reachable: true },
      queue: { running: true },
    });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ Code: 'NotFound', Message: 'No route GET /api/no-such-thing.' });
  });

  it('publishes an OpenAPI document listing the routes', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/analytics/page-views']),
    );
    const organizationAnswers = document.paths['/api/organizations']?.get?.responses;
    expect(organizationAnswers?.['401']?.description).toBe(
      'Not signed in, or the session (or chat token) has ended.',
    );
    expect(organizationAnswers?.['401']?.content['application/json'].schema.required).toEqual([
      'Code',
      'Message',
    ]);
    const ui = await server.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('sends security headers', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('stores a page view with its path and query', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/analytics/page-views',
      payload: { path: '/pricing-test', query: '?plan=business' },
    });
    expect(response.statusCode).toBe(202);
    expect(await countPageViews(server.context.database.db, '/pricing-test')).toBe(1);
  });

  it('keeps no credential a page view carries: mailed links and tokens in the path, the query or the referrer', async () => {
    const view = (payload: object) =>
      server.app.inject({ method: 'POST', url: '/api/analytics/page-views', payload });
    expect((await view({ path: '/actions/confirm/act-secret-1', query: '' })).statusCode).toBe(202);
    expect(
      (await view({ path: '/sign-in/reset', query: '?token=reset-secret-2&from=mail' })).statusCode,
    ).toBe(202);
    expect(
      (
        await view({
          path: '/sign-up',
          query: '?invitation=invite-secret-3',
          referrer: 'https://app.example/budget-alert-confirmation/ack-secret-4?x=1',
        })
      ).statusCode,
    ).toBe(202);
    const stored = JSON.stringify(
      await server.context.database.db.selectFrom('page_views').selectAll().execute(),
    );
    for (const secret of ['act-secret-1', 'reset-secret-2', 'invite-secret-3', 'ack-secret-4'])
      expect(stored).not.toContain(secret);
    expect(await countPageViews(server.context.database.db, '/actions/confirm/redacted')).toBe(1);
    expect(stored).toContain('?token=redacted&from=mail');
  });

  it('keeps where a view came from as the browser named it, without its credentials or fragment', async () => {
    const cameFrom = async (referrer: string) => {
      const path = `/referred-${crypto.randomUUID()}`;
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/analytics/page-views',
        payload: { path, query: '', referrer },
      });
      expect(response.statusCode).toBe(202);
      const row = await server.context.database.db
        .selectFrom('page_views')
        .select('referrer')
        .where('path', '=', path)
        .executeTakeFirstOrThrow();
      return row.referrer;
    };
    expect(await cameFrom('android-app://com.google.android.gm/')).toBe(
      'android-app://com.google.android.gm/',
    );
    expect(await cameFrom('https://someone:hunter2@app.example/budgets?view=month#top')).toBe(
      'https://app.example/budgets?view=month',
    );
    expect(await cameFrom('https://app.example/actions/confirm/act-secret-5')).toBe(
      'https://app.example/actions/confirm/redacted',
    );
  });

  it('refuses a page view without a path, naming the field', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/analytics/page-views',
      payload: { query: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Code: 'BadRequest', Message: expect.stringContaining('path') });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/analytics/page-views',
      headers: { 'content-type': 'application/json' },
      payload: '{"path": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Code).toBeTruthy();
  });
});
