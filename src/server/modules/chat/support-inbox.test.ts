import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpPerson } from '../../testing/accounts-fixtures.ts';
import { type MailCatcher, startMailCatcher } from '../../testing/mail-catcher.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createMailer } from '../mail/mailer.ts';
import { createSupportStaffService } from './support-staff.service.ts';
import { createUnreadReplyMailer } from './unread-reply-mails.ts';

let server: TestApp;
let mail: MailCatcher;
let agent: { token: string; userId: string };

const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), payload });

async function verify(userId: string) {
  await server.context.database.db
    .updateTable('user')
    .set({ emailVerified: true })
    .where('id', '=', userId)
    .execute();
}

async function conversationOf(email: string) {
  const list = await inject('GET', '/api/support/conversations', agent.token);
  return list
    .json()
    .conversations.find(
      (conversation: { person: { email: string | null } }) => conversation.person.email === email,
    );
}

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await createTestApp({ env: { SMTP_URL: mail.url, SUPPORT_EMAILS: 'listed@spendguard.test' } });
  agent = await signUpPerson(server, { email: 'agent@spendguard.test', name: 'Alex Agent' });
  await verify(agent.userId);
  expect(await createSupportStaffService(server.context.database.db).grant('Agent@Spendguard.test')).toBe(
    'granted',
  );
});
afterAll(async () => {
  await server.close();
  await mail.close();
});

describe('the support inbox', () => {
  it('lists conversations with the person, unread count and last message; replies reach the person', async () => {
    const person = await signUpPerson(server, { email: 'pat@example.com', name: 'Pat Person' });
    await inject('POST', '/api/messages', person.token, { message: 'Hello?' });
    await inject('POST', '/api/messages', person.token, { message: 'Anyone there?', user_id: person.userId });
    const tokenAnswer = await server.app.inject({ method: 'GET', url: '/api/chat-token' });
    const chatToken = tokenAnswer.json().token;
    await server.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { 'x-chat-token': chatToken },
      payload: { message: 'vic@example.com' },
    });

    const pats = await conversationOf('pat@example.com');
    expect(pats).toMatchObject({
      person: { kind: 'user', userId: person.userId, name: 'Pat Person', email: 'pat@example.com' },
      unread: 2,
      resolved: false,
      lastMessage: { comment: 'Anyone there?', agent: false },
    });
    expect(await conversationOf('vic@example.com')).toMatchObject({ person: { kind: 'visitor' }, unread: 1 });

    const reply = await inject('POST', `/api/support/conversations/${pats.id}/messages`, agent.token, {
      message: 'Hi Pat, here to help.',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ comment: 'Hi Pat, here to help.', agent: true });
    const seen = await inject('GET', `/api/messages?user_id=${person.userId}`, person.token);
    expect(seen.json().comments.at(-1)).toMatchObject({ comment: 'Hi Pat, here to help.', agent: true });

    await inject('PATCH', `/api/support/conversations/${pats.id}`, agent.token, { read: true });
    expect((await conversationOf('pat@example.com')).unread).toBe(0);
  });

  it('marks a conversation resolved, and a new message from the person opens it again', async () => {
    const person = await signUpPerson(server, { email: 'rita@example.com' });
    await inject('POST', '/api/messages', person.token, { message: 'Thanks, all good' });
    const { id } = await conversationOf('rita@example.com');
    expect(
      (await inject('PATCH', `/api/support/conversations/${id}`, agent.token, { resolved: true })).statusCode,
    ).toBe(204);
    expect((await conversationOf('rita@example.com')).resolved).toBe(true);
    const open = await inject('GET', '/api/support/conversations?status=open', agent.token);
    expect(open.json().conversations.some((conversation: { id: string }) => conversation.id === id)).toBe(
      false,
    );

    await inject('POST', '/api/messages', person.token, { message: 'One more thing' });
    expect((await conversationOf('rita@example.com')).resolved).toBe(false);
  });

  it('is closed to people who are not support staff, and open to verified addresses in SUPPORT_EMAILS', async () => {
    const someone = await signUpPerson(server, { email: 'someone@example.com' });
    await verify(someone.userId);
    expect((await inject('GET', '/api/support/conversations', someone.token)).statusCode).toBe(403);

    const listed = await signUpPerson(server, { email: 'listed@spendguard.test' });
    await verify(listed.userId);
    expect((await inject('GET', '/api/support/conversations', listed.token)).statusCode).toBe(200);
    expect((await inject('GET', '/api/users/me', listed.token)).json().platform_role).toBe('support');
    expect((await inject('GET', '/api/users/me', someone.token)).json().platform_role).toBeNull();
  });

  it('answers 404 for a conversation that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (await inject('GET', `/api/support/conversations/${missing}/messages`, agent.token)).statusCode,
    ).toBe(404);
  });
});

describe('the person reading replies', () => {
  it('marks replies read with PATCH /api/messages; replies unread for 10 minutes are mailed once', async () => {
    const reader = await signUpPerson(server, { email: 'reader@example.com', name: 'Rhea Reader' });
    const ignorer = await signUpPerson(server, { email: 'ignorer@example.com', name: 'Ian Ignorer' });
    for (const person of [reader, ignorer]) {
      await inject('POST', '/api/messages', person.token, { message: 'Question' });
    }
    for (const email of ['reader@example.com', 'ignorer@example.com']) {
      const { id } = await conversationOf(email);
      await inject('POST', `/api/support/conversations/${id}/messages`, agent.token, {
        message: `Answer for ${email}`,
      });
    }
    // A message id past a bigint's range is no message id: refused, naming it.
    const outOfRange = await inject('PATCH', '/api/messages', reader.token, {
      user_id: reader.userId,
      m_id: '99999999999999999999',
    });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().Message).toMatch(/m_id/);
    const read = await inject('PATCH', '/api/messages', reader.token, { user_id: reader.userId });
    expect(read.json()).toEqual({ read: 1 });

    const mailer = createMailer(server.context);
    const inElevenMinutes = () => new Date(Date.now() + 11 * 60 * 1000);
    const reminders = createUnreadReplyMailer({
      db: server.context.database.db,
      mailer,
      publicUrl: 'http://localhost:3000',
      now: inElevenMinutes,
    });
    const tooEarly = createUnreadReplyMailer({
      db: server.context.database.db,
      mailer,
      publicUrl: '',
      now: () => new Date(),
    });
    expect(await tooEarly.sendDue()).toBe(0);

    expect(await reminders.sendDue()).toBeGreaterThanOrEqual(1);
    const sent = await mail.waitForMail('ignorer@example.com', /Spendguard support answered you/);
    expect(sent.raw).toContain('Answer for ignorer@example.com');
    expect(sent.links).toContain('http://localhost:3000/dashboard?chat=open');
    expect(await reminders.sendDue()).toBe(0);
    const remindersTo = (address: string) =>
      mail.mails.filter(
        (message) => message.to.includes(address) && /support answered/.test(message.subject),
      );
    expect(remindersTo('ignorer@example.com')).toHaveLength(1);
    expect(remindersTo('reader@example.com')).toHaveLength(0);
  });
});
