import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUploadIntegration, uploadFocusSample } from '../../testing/alert-fixtures.ts';
import { callAs, type Person, signUpVerified } from '../../testing/organization-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertRule } from './alert-rules.repository.ts';

/** An amount no arithmetic on dollars can hold is refused; a rule stored with one silences no other. */
let server: TestApp;
let owner: Person;

beforeAll(async () => {
  server = await createTestApp();
  owner = await signUpVerified(server, 'owner@isolation.test', 'Olivia Owner');
  expect((await callAs(server, owner)('POST', '/api/billing/trial')).statusCode).toBeLessThan(300);
  const integrationId = await createUploadIntegration(server, owner);
  expect((await uploadFocusSample(server, owner, integrationId)).json()).toMatchObject({
    state: 'succeeded',
  });
});
afterAll(() => server.close());

describe('a cost-threshold amount', () => {
  it('is refused beyond $1,000,000,000,000 a day, naming the field', async () => {
    const response = await callAs(server, owner)('POST', '/api/alert-rules', {
      kind: 'cost-threshold',
      settings: { mode: 'daily-amount', amount_usd: 1e303 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toContain('amount_usd');
  });

  it('stored before that bound, fails alone: the budgets and the other rules are judged all the same', async () => {
    const as = callAs(server, owner);
    const organizationId = (await as('GET', '/api/organization')).json().id as string;
    await insertRule(server.context.database.db, organizationId, owner.userId, {
      kind: 'cost-threshold',
      name: 'Unjudgeable',
      settings: { mode: 'daily-amount', amount_usd: 1e303 },
      filter: { account_ids: [], services: [], tag: null, providers: [] },
      paused: false,
    });
    expect((await as('POST', '/api/budgets', { name: 'Production', amount_usd: 30 })).statusCode).toBe(201);
    const titles = async () =>
      ((await as('GET', '/api/notifications')).json().notifications as Array<{ title: string }>).map(
        (notification) => notification.title,
      );
    const deadline = Date.now() + 30_000;
    while (!(await titles()).some((title) => title.includes('Production'))) {
      expect(Date.now(), 'the budget alert never came').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});
