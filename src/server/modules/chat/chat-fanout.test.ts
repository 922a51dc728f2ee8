import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { AppContext } from '../../context.ts';
import { openPostgres } from '../../db/database.ts';
import { signUpPerson } from '../../testing/accounts-fixtures.ts';
import { type ChatTestSocket, isMessageFrame, openChatSocket } from '../../testing/chat-socket-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

const messageWith = (comment: string) => (frame: unknown) =>
  isMessageFrame(frame) && frame.some((message) => message.comment === comment);

// Two app nodes need a shared server database; PGlite is one process with one connection, so there
// the in-process fan-out is the whole story (exercised by chat-socket.test.ts).
describe.runIf(testDatabaseKind === 'postgres')('two server processes on one PostgreSQL', () => {
  let first: TestApp;
  let second: { app: Awaited<ReturnType<typeof buildApp>>; close(): Promise<void> };
  const urls: string[] = [];
  const sockets: ChatTestSocket[] = [];

  beforeAll(async () => {
    first = await createTestApp();
    const connectionString = first.context.database.connectionString;
    if (!connectionString) throw new Error('the PostgreSQL test database has no connection string');
    const database = await openPostgres(connectionString, 3);
    const context: AppContext = { ...first.context, database, log: pino({ level: 'silent' }) };
    const app = await buildApp(context);
    second = {
      app,
      async close() {
        await app.close();
        await database.close();
      },
    };
    urls.push(await first.app.listen({ port: 0, host: '127.0.0.1' }));
    urls.push(await second.app.listen({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await second?.close();
    await first?.close();
  });

  it("deliver each other's frames: a visitor on one node talks with an agent on the other", async () => {
    const [firstUrl, secondUrl] = urls as [string, string];
    const agentAccount = await signUpPerson(first, { email: 'agent@spendguard.test' });
    await first.context.database.db
      .updateTable('user')
      .set({ emailVerified: true, platformRole: 'support' })
      .where('id', '=', agentAccount.userId)
      .execute();
    const chatToken = (await first.app.inject({ method: 'GET', url: '/api/chat-token' })).json().token;

    const visitor = await openChatSocket(firstUrl, { chatToken });
    const agent = await openChatSocket(secondUrl, { token: agentAccount.token, inbox: '1' });
    const visitorOnSecondNode = await openChatSocket(secondUrl, { chatToken });
    sockets.push(visitor, agent, visitorOnSecondNode);

    visitor.send({ message: 'far@example.com' });
    const [heard] = (await agent.waitFor(messageWith('far@example.com'))) as Array<Record<string, unknown>>;
    await visitorOnSecondNode.waitFor(messageWith('far@example.com'));

    agent.send({ message: 'Answered from node two', conversationId: heard?.conversation_id });
    const [answer] = (await visitor.waitFor(messageWith('Answered from node two'))) as Array<
      Record<string, unknown>
    >;
    expect(answer).toMatchObject({ agent: true });
  });

  it('deliver a message too large for one NOTIFY by reference', async () => {
    const [firstUrl, secondUrl] = urls as [string, string];
    const person = await signUpPerson(first, { email: 'wide@example.com' });
    const here = await openChatSocket(firstUrl, { token: person.token });
    const there = await openChatSocket(secondUrl, { token: person.token });
    sockets.push(here, there);
    // JSON writes each control character as \u0001 (6 bytes): 1,900 of them overflow one NOTIFY payload.
    const wide = '\u0001'.repeat(1900);
    here.send({ message: wide });
    await there.waitFor(messageWith(wide));
  });
});
