import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from '../../auth/auth-secret.ts';
import { createCachedReads } from '../../auth/cached-reads.ts';
import { bearer, followMailLink, STRONG_PASSWORD, signUpPerson } from '../../testing/accounts-fixtures.ts';
import { type MailCatcher, startMailCatcher } from '../../testing/mail-catcher.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let server: TestApp;
let mail: MailCatcher;
/** The clock of what the node keeps for a second about each caller (decision 052). */
let readsClock = 0;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await createTestApp({
    env: { SMTP_URL: mail.url, AUTH_RATE_LIMIT_PER_EMAIL: '4', AUTH_RATE_LIMIT_PER_IP: '200' },
    cachedReads: createCachedReads({ ttlMs: 1_000, now: () => readsClock }),
  });
});
afterAll(async () => {
  await server.close();
  await mail.close();
});

const me = (token: string) =>
  server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });

describe('signing up', () => {
  it('creates an unverified account in its own organization and mails a verification link that works', async () => {
    const { token, userId } = await signUpPerson(server, {
      email: 'ada@example.com',
      name: '  Ada   Lovelace ',
    });
    const before = (await me(token)).json();
    expect(before).toMatchObject({
      user_id: userId,
      item_id: userId,
      fullname: 'Ada Lovelace',
      email: 'ada@example.com',
      email_verified: false,
      role: 'owner',
      subscription_plan: 'free',
      stripe_customer_id: null,
      view_customs: {},
      image: { src: null },
    });
    expect(before.organization.name).toBe("Ada's organization");

    const message = await mail.waitForMail('ada@example.com', /Verify your e-mail/);
    expect(message.raw).toMatch(/Content-Type: text\/plain/);
    expect(message.raw).toMatch(/Content-Type: text\/html/);
    const link = message.links.find((candidate) => candidate.includes('/api/auth/verify-email'));
    expect(link).toBeDefined();
    const followed = await followMailLink(server, link!);
    expect(followed.status).toBe(302);
    expect(followed.location).toBe('/dashboard');
    expect((await me(token)).json().email_verified).toBe(true);

    const again = await followMailLink(server, link!);
    expect(again.location).toMatch(/^\/sign-in\?error=.*already%20used/);
    // Other spellings of the used token (whitespace the JWT decoder skips, a repeated parameter) are
    // refused as such, not verified again nor answered 500.
    const usedToken = new URL(link!).searchParams.get('token') ?? '';
    for (const query of [`token=${usedToken}%20`, `token=${usedToken}%09`, `token=${usedToken}&token=x`]) {
      const respelled = await server.app.inject({
        url: `/api/auth/verify-email?${query}&callbackURL=/dashboard`,
      });
      expect(respelled.statusCode).toBe(400);
      expect(respelled.json().Message).toMatch(/^token: /);
    }
  });

  it('refuses an expired verification link', async () => {
    const { token } = await signUpPerson(server, { email: 'slow@example.com' });
    const { createEmailVerificationToken } = await import('better-auth/api');
    const secret = resolveAuthSecret(server.context.config);
    const expired = await createEmailVerificationToken(secret, 'slow@example.com', undefined, -60);
    const followed = await followMailLink(
      server,
      `http://localhost:3000/api/auth/verify-email?token=${expired}&callbackURL=/dashboard`,
    );
    expect(followed.location).toMatch(/error=/);
    expect((await me(token)).json().email_verified).toBe(false);
  });

  it.each([
    [
      { name: 'X', email: 'not-an-email', password: STRONG_PASSWORD },
      'email: Please enter a valid email address.',
    ],
    [{ name: 'X', email: 'short@example.com', password: 'Short1!' }, 'password: Use at least 10 characters.'],
    [
      { name: 'X', email: 'oneclass@example.com', password: 'abcdefghijkl' },
      'password: Mix at least two kinds',
    ],
    [{ name: '   ', email: 'noname@example.com', password: STRONG_PASSWORD }, 'name: enter your full name.'],
  ])('refuses %j with a 400 naming the field', async (payload, message) => {
    const response = await server.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toContain(message);
  });
});

describe('signing in', () => {
  beforeAll(() => signUpPerson(server, { email: 'grace@example.com' }));

  it('answers a bearer token usable on the API', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'grace@example.com', password: STRONG_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect((await me(response.json().token)).json().email).toBe('grace@example.com');
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const wrongPassword = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'grace@example.com', password: 'Wrong-password-1' },
    });
    const unknownEmail = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'nobody@example.com', password: 'Wrong-password-1' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('limits attempts per e-mail with a 429 and Retry-After', async () => {
    const attempt = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'target@example.com', password: 'Guess-number-1' },
      });
    for (let i = 0; i < 4; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().Code).toBe('TooManyRequests');
  });

  it('refuses the API without a session', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ Code: 'Unauthorized', Message: 'Sign in to continue.' });
  });
});

describe('resetting a forgotten password', () => {
  it('mails a single-use link that sets a new password', async () => {
    await signUpPerson(server, { email: 'reset@example.com' });
    const requested = await server.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'reset@example.com', redirectTo: '/sign-in/reset' },
    });
    expect(requested.statusCode).toBe(200);
    const message = await mail.waitForMail('reset@example.com', /Reset your Spendguard password/);
    const link = message.links.find((candidate) => candidate.includes('/api/auth/reset-password/'));
    const followed = await followMailLink(server, link!);
    const target = new URL(followed.location!, 'http://localhost:3000');
    expect(target.pathname).toBe('/sign-in/reset');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = (newPassword: string) =>
      server.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });
    expect((await reset('weak')).json().Message).toContain('newPassword');
    expect((await reset('Brand-new-pass-7')).statusCode).toBe(200);
    const reused = await reset('Another-pass-8');
    expect(reused.statusCode).toBe(400);

    const signIn = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'reset@example.com', password: 'Brand-new-pass-7' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    await signUpPerson(server, { email: 'late@example.com' });
    await server.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'late@example.com', redirectTo: '/sign-in/reset' },
    });
    const message = await mail.waitForMail('late@example.com', /Reset your Spendguard password/);
    const link = message.links.find((candidate) => candidate.includes('/api/auth/reset-password/'))!;
    await sql`update verification set "expiresAt" = now() - interval '1 minute'`.execute(
      server.context.database.db,
    );
    const followed = await followMailLink(server, link);
    expect(followed.location).toMatch(/error=INVALID_TOKEN/);
  });
});

describe('the users API', () => {
  let token: string;
  let userId: string;
  beforeAll(async () => {
    ({ token, userId } = await signUpPerson(server, { email: 'owner@example.com', name: 'Olive Owner' }));
  });

  it('reads only your own record: another id answers 404', async () => {
    const own = await server.app.inject({
      method: 'GET',
      url: `/api/users?user_id=${userId}`,
      headers: bearer(token),
    });
    expect(own.json().email).toBe('owner@example.com');
    const other = await signUpPerson(server, { email: 'other@example.com' });
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/users?user_id=${other.userId}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(404);
  });

  it('creates the record for yourself only', async () => {
    const payload = {
      fullname: ' Olive  O. ',
      email: 'owner@example.com',
      user_id: userId,
      default_timezone: 'Europe/Paris',
    };
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(token),
      payload,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      fullname: 'Olive O.',
      default_timezone: 'Europe/Paris',
      subscription_plan: 'free',
    });
    const paid = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(token),
      payload: { ...payload, subscription_plan: 'business_yearly' },
    });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().Message).toContain('subscription_plan');
  });

  it('changes the name, time zone, phone and saved view', async () => {
    const view_customs = {
      integration: 'default',
      tag: { tag_name: 'team', tag_values: [{ value: 'web' }] },
    };
    const response = await server.app.inject({
      method: 'PATCH',
      url: '/api/users',
      headers: bearer(token),
      payload: {
        fullname: 'Olive Owens',
        default_timezone: 'America/Los_Angeles',
        phone: '+1 425 555 0123',
        view_customs,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      fullname: 'Olive Owens',
      phone: '+1 425 555 0123',
      view_customs,
    });
  });

  it.each([
    [{ default_timezone: 'Mars/Olympus' }, 'default_timezone'],
    [{ phone: '425-555-0123' }, 'phone'],
    [{ fullname: '' }, 'fullname'],
    [{}, 'at least one field'],
  ])('refuses %j naming the field', async (payload, field) => {
    const response = await server.app.inject({
      method: 'PATCH',
      url: '/api/users',
      headers: bearer(token),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toContain(field);
  });

  it('stores and serves a picture, and refuses what is not one', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = (bytes: Buffer, type: string) => {
      const boundary = '----spendguard';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return server.app.inject({
        method: 'POST',
        url: '/api/users/avatar',
        headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const stored = await upload(png, 'image/png');
    expect(stored.statusCode).toBe(200);
    const src = stored.json().image.src as string;
    const served = await server.app.inject({ method: 'GET', url: src, headers: bearer(token) });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    // A picture is its owner's: without a session it is refused, to another person it does not exist.
    expect((await server.app.inject({ method: 'GET', url: src })).statusCode).toBe(401);
    const stranger = await signUpPerson(server, { email: 'avatar-stranger@example.com' });
    expect(
      (await server.app.inject({ method: 'GET', url: src, headers: bearer(stranger.token) })).statusCode,
    ).toBe(404);

    const text = await upload(Buffer.from('not a picture'), 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json().Message).toContain('avatar');
    const huge = await upload(Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]), 'image/png');
    expect(huge.statusCode).toBe(400);
  });

  it('deletes the account and its organization only after the password', async () => {
    const person = await signUpPerson(server, { email: 'leaving@example.com' });
    const organizationId = (await me(person.token)).json().organization.id;
    const wrong = await server.app.inject({
      method: 'DELETE',
      url: `/api/users?user_id=${person.userId}`,
      headers: bearer(person.token),
      payload: { password: 'Not-my-password-1' },
    });
    expect(wrong.statusCode).toBe(400);
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/api/users?user_id=${person.userId}`,
      headers: bearer(person.token),
      payload: { password: STRONG_PASSWORD },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await me(person.token)).statusCode).toBe(401);
    const organization = await server.context.database.db
      .selectFrom('organization')
      .select('id')
      .where('id', '=', organizationId)
      .executeTakeFirst();
    expect(organization).toBeUndefined();
  });
});

describe('the demo account', () => {
  it('signs in with one call and ends at the first call after one hour', async () => {
    const started = await server.app.inject({ method: 'POST', url: '/api/demo-session' });
    expect(started.statusCode).toBe(200);
    const { token } = started.json();
    const record = (await me(token)).json();
    expect(record).toMatchObject({ email: 'demo@spendguard.io', is_demo: true, email_verified: true });

    const changePassword = await server.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload: { currentPassword: 'whatever-123', newPassword: 'Another-pass-9' },
    });
    expect(changePassword.statusCode).toBe(403);
    const rename = await server.app.inject({
      method: 'PATCH',
      url: '/api/users',
      headers: bearer(token),
      payload: { fullname: 'Mallory' },
    });
    expect(rename.statusCode).toBe(403);

    // A session stored before demo sessions expired themselves (or a clock between nodes): still ended.
    const stored = token.split('.')[0];
    await sql`update session set "createdAt" = now() - interval '61 minutes' where token = ${stored}`.execute(
      server.context.database.db,
    );
    // The node read this session less than a second ago (the refused writes above changed nothing).
    readsClock += 1_000;
    const expired = await me(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().Code).toBe('DemoExpired');
    expect((await me(token)).json().Code).toBe('Unauthorized');
  });
  it('keeps its e-mail and password locked when its cookie comes with a bearer value better-auth ignores', async () => {
    const { token } = (await server.app.inject({ method: 'POST', url: '/api/demo-session' })).json();
    const cookie = `better-auth.session_token=${encodeURIComponent(token)}`;
    const withCookie = (path: string, payload: Record<string, string>, authorization?: string) =>
      server.app.inject({
        method: 'POST',
        url: `/api/auth/${path}`,
        headers: authorization ? { cookie, authorization } : { cookie },
        payload,
      });
    const newEmail = 'not-the-demo@example.com';
    const mailsBefore = mail.mails.length;
    expect((await withCookie('change-email', { newEmail })).statusCode).toBe(403);
    for (const authorization of ['Bearer sg_nothing', 'Bearer nothing.at-all']) {
      const stepped = await withCookie('change-email', { newEmail }, authorization);
      expect(stepped.statusCode).toBe(403);
      expect(stepped.json().Code).toBe('Forbidden');
      const password = await withCookie(
        'change-password',
        { currentPassword: 'whatever-123', newPassword: 'Another-pass-9' },
        authorization,
      );
      expect(password.statusCode).toBe(403);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.mails.length).toBe(mailsBefore);
  });
});
