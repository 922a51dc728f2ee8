import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.ts';
import { postToWebhookTarget } from './webhook-transport.ts';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

const strict = { allowPrivate: false, timeoutMs: 1000 };
const allowing = { allowPrivate: true, timeoutMs: 1000 };
const post = (url: string, policy = strict) =>
  postToWebhookTarget(url, '{"hello":1}', { 'content-type': 'application/json' }, policy);

describe('a webhook target on the server’s own network', () => {
  it.each([
    ['https://127.0.0.1/hook', 'loopback'],
    ['https://10.20.30.40/hook', 'private'],
    ['https://[::1]/hook', 'loopback'],
    ['https://169.254.169.254/latest/meta-data/', 'link-local (cloud metadata)'],
    ['https://[fd00:ec2::254]/', 'unique local'],
    ['https://[::ffff:127.0.0.1]/', 'loopback'],
    ['https://2130706433/', 'loopback'],
    ['https://localhost/hook', 'loopback'],
  ])('%s is refused before any connection (%s)', async (url, why) => {
    const before = receiver.received.length;
    const answer = await post(url);
    expect(answer).toMatchObject({ status: null, refused: true });
    expect(answer.error).toContain(why);
    expect(receiver.received.length).toBe(before);
  });

  it('names the address a hostname resolved to', async () => {
    const answer = await post(`https://localhost:${receiver.port}/hook`);
    expect(answer.error).toMatch(/localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
  });

  it('refuses plain http unless the operator allows private targets', async () => {
    expect((await post(receiver.url('/plain'))).error).toContain('https://');
    const allowed = await post(receiver.url('/plain'), allowing);
    expect(allowed).toMatchObject({ status: 200, error: null, refused: false });
    expect(receiver.received.at(-1)?.path).toBe('/plain');
  });

  it('reaches a hostname resolving to loopback when allowed, on the address it checked', async () => {
    const answer = await post(`http://localhost:${receiver.port}/by-name`, allowing);
    expect(answer.status).toBe(200);
    expect(receiver.received.at(-1)?.headers.host).toBe(`localhost:${receiver.port}`);
  });
});

describe('a receiver that is slow, or answers oddly', () => {
  it('that never answers is cut off at the deadline', async () => {
    receiver.staySilentNext();
    const answer = await post(receiver.url('/silent'), allowing);
    expect(answer).toMatchObject({ status: null, error: 'no complete answer within 1 s', refused: false });
    expect(answer.durationMs).toBeGreaterThanOrEqual(1000);
  });

  it('that answers at once but never finishes its body is cut off too', async () => {
    receiver.dribbleNext();
    const answer = await post(receiver.url('/dribble'), allowing);
    expect(answer).toMatchObject({ status: null, error: 'no complete answer within 1 s' });
  });

  it('keeps the answer code and the start of the answer of a failure', async () => {
    receiver.answerNext(503);
    expect(await post(receiver.url('/busy'), allowing)).toMatchObject({
      status: 503,
      error: 'answered 503: answer 503',
    });
  });

  it('names a connection that was refused', async () => {
    const closed = await startWebhookReceiver();
    await closed.close();
    const answer = await post(closed.url('/gone'), allowing);
    expect(answer).toMatchObject({ status: null, refused: false });
    expect(answer.error).toContain('ECONNREFUSED');
  });
});
