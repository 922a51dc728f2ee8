import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpPerson } from '../../testing/accounts-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let configured: TestApp;
let unconfigured: TestApp;

beforeAll(async () => {
  configured = await createTestApp({
    env: { SCHEDULING_URL: 'https://calendly.example/spendguard/consultation' },
  });
  unconfigured = await createTestApp();
});
afterAll(async () => {
  await configured.close();
  await unconfigured.close();
});

async function verifiedPerson(server: TestApp, email: string, name: string) {
  const person = await signUpPerson(server, { email, name });
  await server.context.database.db
    .updateTable('user')
    .set({ emailVerified: true })
    .where('id', '=', person.userId)
    .execute();
  return person;
}

describe('GET /api/pm-schedule', () => {
  it('answers the booking page prefilled with the name and e-mail', async () => {
    const person = await verifiedPerson(configured, 'bea@example.com', 'Bea Booker');
    const answer = await configured.app.inject({
      method: 'GET',
      url: '/api/pm-schedule',
      headers: bearer(person.token),
    });
    expect(answer.json()).toEqual({
      url: 'https://calendly.example/spendguard/consultation?name=Bea+Booker&email=bea%40example.com',
      configured: true,
      booking: null,
    });
  });

  it('answers the plain page to a visitor', async () => {
    const answer = await configured.app.inject({ method: 'GET', url: '/api/pm-schedule' });
    expect(answer.json()).toMatchObject({
      url: 'https://calendly.example/spendguard/consultation',
      configured: true,
    });
  });

  it('says booking is not configured without SCHEDULING_URL', async () => {
    const answer = await unconfigured.app.inject({ method: 'GET', url: '/api/pm-schedule' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ url: null, configured: false, booking: null });
  });

  it('lets the booking page be framed (Content-Security-Policy frame-src)', async () => {
    const answer = await configured.app.inject({ method: 'GET', url: '/api/pm-schedule' });
    expect(answer.headers['content-security-policy']).toContain('frame-src');
    expect(answer.headers['content-security-policy']).toContain('https://calendly.example');
  });
});

describe('PATCH /api/pm-schedule', () => {
  it('records the booked event for the person', async () => {
    const person = await verifiedPerson(configured, 'cal@example.com', 'Cal Booker');
    const eventUrl = 'https://api.calendly.example/scheduled_events/ABC123';
    const answer = await configured.app.inject({
      method: 'PATCH',
      url: '/api/pm-schedule',
      headers: bearer(person.token),
      payload: { url: eventUrl },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().booking).toMatchObject({ url: eventUrl, bookedAt: expect.any(String) });
  });

  it('refuses a value that is not a web address, visitors, and the demo account', async () => {
    const person = await verifiedPerson(configured, 'bad@example.com', 'Bad Url');
    const bad = await configured.app.inject({
      method: 'PATCH',
      url: '/api/pm-schedule',
      headers: bearer(person.token),
      payload: { url: 'javascript:alert(1)' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toMatch(/^url:/);

    const visitor = await configured.app.inject({
      method: 'PATCH',
      url: '/api/pm-schedule',
      payload: { url: 'https://a.example/e' },
    });
    expect(visitor.statusCode).toBe(401);

    const demo = (await configured.app.inject({ method: 'POST', url: '/api/demo-session' })).json().token;
    const fromDemo = await configured.app.inject({
      method: 'PATCH',
      url: '/api/pm-schedule',
      headers: bearer(demo),
      payload: { url: 'https://a.example/e' },
    });
    expect(fromDemo.statusCode).toBe(403);
  });
});
