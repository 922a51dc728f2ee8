import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { WEBHOOK_RECORDS_IN_FLIGHT } from './page-view-sink.ts';

/** The operator's collector: answers each record with `status`, or holds it open when `status` is null. */
let status: number | null = 500;
const received: unknown[] = [];
const held: http.ServerResponse[] = [];
const collector = http.createServer((request, response) => {
  let text = '';
  request.on('data', (chunk) => {
    text += chunk;
  });
  request.on('end', () => {
    received.push(JSON.parse(text));
    if (status === null) held.push(response);
    else response.writeHead(status).end();
  });
});
let server: TestApp;

const pathOf = (body: unknown) => (body as { path?: string }).path ?? '';

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

beforeAll(async () => {
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const { port } = collector.address() as AddressInfo;
  server = await createTestApp({
    env: { ANALYTICS_SINK: 'webhook', ANALYTICS_WEBHOOK_URL: `http://127.0.0.1:${port}/collect` },
  });
});
afterAll(async () => {
  for (const response of held) response.destroy();
  await server.close();
  collector.closeAllConnections();
  await new Promise((resolve) => collector.close(resolve));
});

const pageView = (path: string) =>
  server.app.inject({ method: 'POST', url: '/api/analytics/page-views', payload: { path } });

describe('analytics sent to the operator’s collector', () => {
  it('a collector that refuses a record never turns the visitor’s request into an error', async () => {
    status = 500;
    const view = await pageView('/pricing');
    const event = await server.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: { name: 'scheduling.profile_page_viewed', path: '/dashboard' },
    });
    expect([view.statusCode, event.statusCode]).toEqual([202, 202]);
    await until(() => received.length === 2);
    expect(received).toContainEqual(expect.objectContaining({ path: '/pricing' }));
    expect(received).toContainEqual({
      event: expect.objectContaining({ name: 'scheduling.profile_page_viewed' }),
    });
  });

  it('a collector that stalls holds no request, and at most a bounded number of records wait for it', async () => {
    status = null;
    received.length = 0;
    const answers = await Promise.all(
      Array.from({ length: WEBHOOK_RECORDS_IN_FLIGHT + 8 }, (_, index) => pageView(`/page-${index}`)),
    );
    expect(answers.every((answer) => answer.statusCode === 202)).toBe(true);
    await until(() => received.length === WEBHOOK_RECORDS_IN_FLIGHT);

    for (const response of held.splice(0)) response.writeHead(204).end();
    status = 204;
    // Once the collector has answered, records are taken again…
    while (!received.some((body) => pathOf(body) === '/after')) {
      await pageView('/after');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // …and those beyond the bound were dropped, not kept waiting: none of them followed.
    expect(received.filter((body) => pathOf(body).startsWith('/page-'))).toHaveLength(
      WEBHOOK_RECORDS_IN_FLIGHT,
    );
  });
});
