import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpPerson } from '../../testing/accounts-fixtures.ts';
import {
  ChatSocketRefused,
  type ChatTestSocket,
  isErrorFrame,
  isMessageFrame,
  openChatSocket,
} from '../../testing/chat-socket-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let server: TestApp;
let baseUrl: string;
let agentToken: string;
const openSockets: ChatTestSocket[] = [];

async function connect(query: Record<string, string>, options?: { autoPong?: boolean }) {
  const socket = await openChatSocket(baseUrl, query, options);
  openSockets.push(socket);
  return socket;
}

async function refusal(query: Record<string, string>): Promise<{ status: number; body: { Code: string } }> {
  const error = await connect(query).catch((caught: unknown) => caught);
  if (!(error instanceof ChatSocketRefused)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { status: error.status, body: JSON.parse(error.body) };
}

async function visitorToken(previous?: string): Promise<string> {
  const response = await server.app.inject({
    method: 'GET',
    url: '/api/chat-token',
    headers: previous ? { 'x-chat-token': previous } : {},
  });
  expect(response.statusCode).toBe(200);
  return response.json().token;
}

async function verifiedPerson(email: string, platformRole: string | null = null) {
  const person = await signUpPerson(server, { email, name: 'Sam Support' });
  await server.context.database.db
    .updateTable('user')
    .set({ emailVerified: true, platformRole })
    .where('id', '=', person.userId)
    .execute();
  return person;
}

const messageWith = (comment: string) => (frame: unknown) =>
  isMessageFrame(frame) && frame.some((message) => message.comment === comment);
const errorWith = (code: string) => (frame: unknown) => isErrorFrame(frame) && frame.error.code === code;

/** A visitor who has given its e-mail (its first message), connected and ready to chat. */
async function chattingVisitor(email: string) {
  const token = await visitorToken();
  const socket = await connect({ chatToken: token });
  socket.send({ message: email });
  await socket.nextFrame(messageWith(email));
  return { token, socket };
}

beforeAll(async () => {
  server = await createTestApp({
    env: { CHAT_HEARTBEAT_SECONDS: '0.3', CHAT_CONNECT_RATE_LIMIT_PER_IP: '1000' },
  });
  baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  agentToken = (await verifiedPerson('agent@spendguard.test', 'support')).token;
});
afterAll(async () => {
  await Promise.all(openSockets.map((socket) => socket.close()));
  await server.close();
});

describe('a visitor chatting with support', () => {
  it('gives an e-mail first, then talks live with an agent, who sees the messages of every conversation', async () => {
    const agent = await connect({ token: agentToken, inbox: '1' });
    const token = await visitorToken();
    const visitor = await connect({ chatToken: token });

    visitor.send({ chatToken: token });
    expect(await visitor.nextFrame()).toEqual([]);

    visitor.send({ message: 'Is there a free plan?' });
    expect(await visitor.nextFrame()).toMatchObject({
      error: {
        code: 'EmailRequired',
        message: expect.stringContaining('Please enter a valid email address.'),
      },
    });

    visitor.send({ message: 'vera@example.com' });
    visitor.send({ message: 'Is there a free plan?' });
    const [question] = (await visitor.nextFrame(messageWith('Is there a free plan?'))) as Array<
      Record<string, unknown>
    >;
    expect(question).toEqual({
      m_id: expect.any(String),
      timestamp: expect.any(String),
      comment: 'Is there a free plan?',
      agent: false,
    });

    const [heard] = (await agent.nextFrame(messageWith('Is there a free plan?'))) as Array<
      Record<string, unknown>
    >;
    const conversationId = heard?.conversation_id as string;
    expect(conversationId).toMatch(/^[0-9a-f-]{36}$/);

    // A conversation id that is none is a malformed frame, not a failure of the server.
    agent.send({ message: 'To nowhere', conversationId: 'x' });
    expect(await agent.nextFrame()).toMatchObject({ error: { code: 'MalformedFrame' } });
    agent.send({ message: 'Yes, forever free for one account.', conversationId });
    const [answer] = (await visitor.nextFrame(messageWith('Yes, forever free for one account.'))) as Array<
      Record<string, unknown>
    >;
    expect(answer).toMatchObject({ agent: true });

    const history = await server.app.inject({
      method: 'GET',
      url: '/api/messages',
      headers: { 'x-chat-token': token },
    });
    expect(history.json().comments.map((message: { comment: string }) => message.comment)).toEqual([
      'vera@example.com',
      'Is there a free plan?',
      'Yes, forever free for one account.',
    ]);
  });

  it('keeps markup as plain text, exactly as typed', async () => {
    const { socket } = await chattingVisitor('markup@example.com');
    const markup = '<img src=x onerror="alert(1)"><b>bold?</b>';
    socket.send({ message: markup });
    const [echo] = (await socket.nextFrame(messageWith(markup))) as Array<Record<string, unknown>>;
    expect(echo?.comment).toBe(markup);
  });

  it('reconnects with the same token and finds the conversation again', async () => {
    const { token, socket } = await chattingVisitor('returning@example.com');
    socket.send({ message: 'Before the tunnel' });
    await socket.nextFrame(messageWith('Before the tunnel'));
    await socket.close();

    const again = await connect({ chatToken: token });
    again.send({ chatToken: token });
    const history = (await again.nextFrame()) as Array<{ comment: string }>;
    expect(history.map((message) => message.comment)).toEqual(['returning@example.com', 'Before the tunnel']);
  });

  it('cannot connect with an expired token, and keeps its conversation by renewing it', async () => {
    const { token } = await chattingVisitor('late@example.com');
    await server.context.database.db
      .updateTable('chat_visitor_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();

    expect(await refusal({ chatToken: token })).toMatchObject({
      status: 401,
      body: { Code: 'ChatTokenExpired' },
    });
    const read = await server.app.inject({
      method: 'GET',
      url: '/api/messages',
      headers: { 'x-chat-token': token },
    });
    expect(read.statusCode).toBe(401);

    const renewed = await visitorToken(token);
    const socket = await connect({ chatToken: renewed });
    socket.send({ chatToken: renewed });
    expect(((await socket.nextFrame()) as Array<{ comment: string }>)[0]?.comment).toBe('late@example.com');
  });

  it('is refused with a forged or missing token', async () => {
    const token = await visitorToken();
    expect(await refusal({ chatToken: `${token.split('.')[0]}.forged` })).toMatchObject({
      status: 401,
      body: { Code: 'InvalidChatToken' },
    });
    expect(await refusal({})).toMatchObject({ status: 401, body: { Code: 'Unauthorized' } });
  });
});

describe('a signed-in person chatting with support', () => {
  it('uses the session token, and reads the conversation over HTTP with their user_id', async () => {
    const person = await signUpPerson(server, { email: 'uma@example.com', name: 'Uma User' });
    const socket = await connect({ token: person.token });
    socket.send({ message: 'My dashboard is empty' });
    await socket.nextFrame(messageWith('My dashboard is empty'));

    const read = await server.app.inject({
      method: 'GET',
      url: `/api/messages?user_id=${person.userId}`,
      headers: bearer(person.token),
    });
    expect(read.json()).toEqual({
      comments: [
        {
          m_id: expect.any(String),
          timestamp: expect.any(String),
          comment: 'My dashboard is empty',
          agent: false,
        },
      ],
    });
  });

  it('chats as a visitor when on the shared demo account', async () => {
    const demo = await server.app.inject({ method: 'POST', url: '/api/demo-session' });
    expect(await refusal({ token: demo.json().token })).toMatchObject({
      status: 403,
      body: { Code: 'DemoChatsAsVisitor' },
    });
  });
});

describe('one conversation never reaches another', () => {
  it("does not deliver a visitor's messages to another visitor, whatever the frame claims", async () => {
    const agent = await connect({ token: agentToken, inbox: '1' });
    const alice = await chattingVisitor('alice@example.com');
    const bob = await chattingVisitor('bob@example.com');
    alice.socket.send({ message: 'Alice secret' });
    const [heard] = (await agent.nextFrame(messageWith('Alice secret'))) as Array<Record<string, unknown>>;

    bob.socket.send({ message: 'Bob writes', conversationId: heard?.conversation_id });
    bob.socket.send({ chatToken: alice.token });
    await bob.socket.waitFor(messageWith('Bob writes'));
    expect(await bob.socket.waitFor(errorWith('WrongChatToken'))).toBeTruthy();
    await agent.waitFor(messageWith('Bob writes'));

    expect(bob.socket.frames.some(messageWith('Alice secret'))).toBe(false);
    expect(alice.socket.frames.some(messageWith('Bob writes'))).toBe(false);
    const aliceHistory = await server.app.inject({
      method: 'GET',
      url: '/api/messages',
      headers: { 'x-chat-token': alice.token },
    });
    expect(aliceHistory.json().comments.map((message: { comment: string }) => message.comment)).toEqual([
      'alice@example.com',
      'Alice secret',
    ]);
  });

  it("refuses another person's user_id and the inbox to people who are not support staff", async () => {
    const mallory = await verifiedPerson('mallory@example.com');
    const victim = await signUpPerson(server, { email: 'victim@example.com' });
    const read = await server.app.inject({
      method: 'GET',
      url: `/api/messages?user_id=${victim.userId}`,
      headers: bearer(mallory.token),
    });
    expect(read.statusCode).toBe(404);
    expect(await refusal({ token: mallory.token, inbox: '1' })).toMatchObject({
      status: 403,
      body: { Code: 'Forbidden' },
    });

    const unverifiedAgent = await signUpPerson(server, { email: 'new-agent@spendguard.test' });
    await server.context.database.db
      .updateTable('user')
      .set({ platformRole: 'support' })
      .where('id', '=', unverifiedAgent.userId)
      .execute();
    expect(await refusal({ token: unverifiedAgent.token, inbox: '1' })).toMatchObject({
      status: 403,
      body: { Code: 'EmailNotVerified' },
    });
  });
});

describe('frames the server refuses', () => {
  it('answers a message over 2,000 characters with an error frame that says so, and stays open', async () => {
    const { socket } = await chattingVisitor('long@example.com');
    socket.send({ message: 'x'.repeat(2001) });
    expect(await socket.nextFrame()).toEqual({
      error: {
        code: 'MessageTooLong',
        message: 'Messages are limited to 2000 characters; this one has 2001.',
      },
    });
    socket.send({ message: 'short again' });
    await socket.nextFrame(messageWith('short again'));
  });

  it('closes the socket on a frame over 16 KiB', async () => {
    const { socket } = await chattingVisitor('huge@example.com');
    socket.send({ message: 'x'.repeat(20_000) });
    expect(await socket.closed).toBe(1009);
  });

  it('answers malformed frames with an error frame and keeps serving', async () => {
    const { socket } = await chattingVisitor('clumsy@example.com');
    socket.send('not json at all');
    expect(await socket.nextFrame()).toMatchObject({ error: { code: 'MalformedFrame' } });
    socket.send({ text: 'wrong field' });
    expect(await socket.nextFrame()).toMatchObject({ error: { code: 'MalformedFrame' } });
    socket.socket.send(Buffer.from([1, 2, 3]));
    expect(await socket.nextFrame()).toMatchObject({ error: { code: 'MalformedFrame' } });
    socket.send({ message: '   ' });
    expect(await socket.nextFrame()).toMatchObject({ error: { code: 'EmptyMessage' } });
    socket.send({ message: 'still here' });
    await socket.nextFrame(messageWith('still here'));
  });

  it('limits how fast one connection may send: the frames beyond ten in ten seconds are answered and dropped', async () => {
    const { socket } = await chattingVisitor('fast@example.com');
    for (let i = 0; i < 40; i++) socket.send({ message: `burst ${i}` });
    const limited = (await socket.nextFrame(errorWith('RateLimited'))) as {
      error: { retryAfterSeconds: number };
    };
    expect(limited.error.retryAfterSeconds).toBeGreaterThan(0);
    // The e-mail was the window's first frame; nine of the burst fit, the other 31 are refused.
    await socket.nextFrame(messageWith('burst 8'));
    const refused = () => socket.frames.filter(errorWith('RateLimited')).length;
    while (refused() < 31) await socket.nextFrame(errorWith('RateLimited'));
    expect(refused()).toBe(31);
    expect(socket.frames.some(messageWith('burst 9'))).toBe(false);
  });
});

describe('heartbeats', () => {
  it('drop a socket that stops answering pings, and keep one that answers', async () => {
    const { token } = await chattingVisitor('sleepy@example.com');
    const silent = await connect({ chatToken: token }, { autoPong: false });
    const lively = await connect({ chatToken: token });
    expect(await silent.closed).toBe(1006);
    expect(lively.socket.readyState).toBe(lively.socket.OPEN);
  });
});
