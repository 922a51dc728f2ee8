import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { countAnalyticsEvents } from './analytics.repository.ts';

let server: TestApp;

beforeAll(async () => {
  server = await createTestApp();
});
afterAll(async () => {
  await server.close();
});

describe('scheduling widget events', () => {
  it('records each step the booking page reports, and refuses unknown names', async () => {
    for (const name of ['scheduling.profile_page_viewed', 'scheduling.date_and_time_selected']) {
      const answer = await server.app.inject({
        method: 'POST',
        url: '/api/analytics/events',
        payload: { name, path: '/dashboard' },
      });
      expect(answer.statusCode).toBe(202);
    }
    expect(await countAnalyticsEvents(server.context.database.db, 'scheduling.profile_page_viewed')).toBe(1);
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: { name: 'scheduling.hacked', path: '/' },
    });
    expect(unknown.statusCode).toBe(400);
  });
});
