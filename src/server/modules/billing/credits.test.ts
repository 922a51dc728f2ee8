import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, signUpVerifiedOwner, type TestPerson } from '../../testing/billing-fixtures.ts';
import { deliverWebhooksTo, TEST_WEBHOOK_SECRET } from '../../testing/stripe-fixtures.ts';
import { type StripeStandIn, startStripeStandIn } from '../../testing/stripe-stand-in/stripe-stand-in.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { type CreditsService, createCreditsService } from './credits.service.ts';

let stripe: StripeStandIn;
let server: TestApp;
let operator: CreditsService;

beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookSecret: TEST_WEBHOOK_SECRET });
  server = await createTestApp({ env: stripe.env });
  deliverWebhooksTo(() => server, stripe);
  operator = createCreditsService(server.context.database.db, undefined, server.context.log, () =>
    server.context.clock.now(),
  );
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

const DAY = 86_400_000;
const issue = (usd: number, options: { expiresAt?: Date; maxUses?: number } = {}) =>
  operator.issueCode({
    amountCents: usd * 100,
    expiresAt: options.expiresAt ?? null,
    maxUses: options.maxUses ?? 1,
  });
const redeem = (person: TestPerson, code: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/credits/redeem',
    headers: person.headers,
    payload: { code },
  });
const credits = async (person: TestPerson) =>
  (await server.app.inject({ method: 'GET', url: '/api/credits', headers: person.headers })).json();
const balanceTransactions = () =>
  stripe.requests.filter((request) => request.path.endsWith('/balance_transactions'));

describe('redeeming a credit code', () => {
  let owner: TestPerson;
  beforeAll(async () => {
    owner = await signUpVerifiedOwner(server, 'credits@example.com');
  });

  it('adds a valid code to the balance and the history, however it is typed', async () => {
    const code = await issue(50, { expiresAt: new Date(Date.now() + 10 * DAY) });
    const response = await redeem(owner, ` ${code.toLowerCase().replaceAll('-', ' ')} `);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ balanceUsd: 50, expiringSoonUsd: 50, expiredUsd: 0 });
    expect(response.json().history).toEqual([
      expect.objectContaining({
        kind: 'granted',
        amountUsd: 50,
        description: `Redeemed code SG-…-${code.slice(-4)}`,
      }),
    ]);
    expect(response.json().grants[0]).toMatchObject({
      state: 'available',
      remainingUsd: 50,
      onNextInvoice: false,
    });
  });

  it('refuses something that is not a code, and a code that does not exist', async () => {
    const garbage = await redeem(owner, 'free money');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toEqual({
      Code: 'InvalidCreditCode',
      Message: 'code: credit codes look like SG-XXXX-XXXX-XXXX.',
    });
    const unknown = await redeem(owner, 'SG-AAAA-BBBB-CCCC');
    expect(unknown.json()).toMatchObject({ Code: 'UnknownCreditCode' });
  });

  it('refuses an expired code', async () => {
    const code = await issue(10, { expiresAt: new Date(Date.now() - DAY) });
    const response = await redeem(owner, code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      Code: 'CreditCodeExpired',
      Message: 'code: this credit code has expired.',
    });
  });

  it('refuses the same code twice for one organization', async () => {
    const code = await issue(5, { maxUses: 10 });
    expect((await redeem(owner, code)).statusCode).toBe(200);
    const again = await redeem(owner, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().Code).toBe('CreditCodeAlreadyRedeemed');
    expect((await credits(owner)).balanceUsd).toBe(55);
  });

  it("refuses another organization's single-use code once it was used", async () => {
    const code = await issue(25);
    const other = await signUpVerifiedOwner(server, 'first-come@example.com');
    expect((await redeem(other, code)).statusCode).toBe(200);
    const late = await redeem(owner, code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      Code: 'CreditCodeUsedUp',
      Message: 'code: this credit code has already been used.',
    });
  });

  it('lets a code issued for N uses serve N organizations', async () => {
    const code = await issue(15, { maxUses: 2 });
    const first = await signUpVerifiedOwner(server, 'n-one@example.com');
    const second = await signUpVerifiedOwner(server, 'n-two@example.com');
    const third = await signUpVerifiedOwner(server, 'n-three@example.com');
    expect((await redeem(first, code)).statusCode).toBe(200);
    expect((await redeem(second, code)).statusCode).toBe(200);
    expect((await redeem(third, code)).json().Code).toBe('CreditCodeUsedUp');
  });

  it('is for the owner only', async () => {
    const member = await addMember(server, owner.organizationId, 'no-credits@example.com');
    expect((await redeem(member, await issue(1))).statusCode).toBe(403);
    const read = await server.app.inject({ method: 'GET', url: '/api/credits', headers: member.headers });
    expect(read.statusCode).toBe(403);
  });
});

describe('credits and Stripe', () => {
  let owner: TestPerson;
  beforeAll(async () => {
    owner = await signUpVerifiedOwner(server, 'credit-payer@example.com');
  });

  it('moves redeemed credit to the Stripe balance at upgrade, and the first invoice uses it', async () => {
    await redeem(owner, await issue(20));
    const checkout = await server.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: owner.headers,
      payload: { plan: 'business_monthly' },
    });
    const moved = balanceTransactions().at(-1);
    expect(moved?.form).toMatchObject({ amount: '-2000', currency: 'usd' });
    expect(moved?.idempotencyKey).toMatch(/^credit-grant-/);

    await stripe.completeCheckout(new URL(checkout.json().url).pathname.split('/').pop() ?? '');
    const after = await credits(owner);
    expect(after.balanceUsd).toBe(0);
    expect(after.history[0]).toMatchObject({
      kind: 'used',
      amountUsd: 20,
      description: expect.stringMatching(/^Applied to invoice SG-/),
    });
    const invoices = await server.app.inject({
      method: 'GET',
      url: '/api/billing/invoices',
      headers: owner.headers,
    });
    expect(invoices.json().invoices[0]).toMatchObject({
      totalUsd: 49,
      creditAppliedUsd: 20,
      amountPaidUsd: 29,
    });
  });

  it('puts credit redeemed by a paying organization on its next invoice at once', async () => {
    const response = await redeem(owner, await issue(30, { expiresAt: new Date(Date.now() + 90 * DAY) }));
    expect(balanceTransactions().at(-1)?.form).toMatchObject({ amount: '-3000' });
    expect(response.json()).toMatchObject({ balanceUsd: 30, expiringSoonUsd: 0 });
    expect(response.json().grants[0]).toMatchObject({ onNextInvoice: true });
  });

  it('takes back credit that expired unused', async () => {
    await server.context.database.db
      .updateTable('credit_grants')
      .set({ granted_at: new Date(Date.now() - 60 * DAY), expires_at: new Date(Date.now() - DAY) })
      .where('remaining_usd', '=', '30.00')
      .execute();
    const after = await credits(owner);
    expect(balanceTransactions().at(-1)?.form).toMatchObject({ amount: '3000' });
    expect(after).toMatchObject({ balanceUsd: 0, expiredUsd: 30 });
    expect(after.history).toContainEqual(expect.objectContaining({ kind: 'expired', amountUsd: 30 }));
    const count = balanceTransactions().length;
    await credits(owner);
    expect(balanceTransactions()).toHaveLength(count);
  });
});
