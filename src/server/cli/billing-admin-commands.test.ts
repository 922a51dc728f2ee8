import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { type BillingService, createBillingService } from '../modules/billing/billing.service.ts';
import { createOrganizationsService } from '../modules/organizations/organizations.service.ts';
import { organizationSlug, signUpVerifiedOwner, type TestPerson } from '../testing/billing-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { runBillingAdmin, UsageError } from './billing-admin-commands.ts';
import { openDatabaseForCommand } from './command-database.ts';

let server: TestApp;
let billing: BillingService;
let owner: TestPerson;

beforeAll(async () => {
  server = await createTestApp();
  billing = createBillingService(server.context, createOrganizationsService(server.context.database.db));
  owner = await signUpVerifiedOwner(server, 'operator-client@example.com', 'Carla Client');
});
afterAll(() => server.close());

const summary = async () =>
  (
    await server.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: owner.headers })
  ).json();

describe('npm run billing-admin -- set-plan', () => {
  it('puts an organization, named by its slug, on a business plan with no end', async () => {
    const slug = await organizationSlug(server, owner.organizationId);
    const lines = await runBillingAdmin(['set-plan', slug, 'business_yearly'], billing, new Date());
    expect(lines).toEqual([`Carla's organization (${slug}) is now on Business yearly.`]);
    expect(await summary()).toMatchObject({
      plan: 'business_yearly',
      source: 'operator',
      state: 'active',
      reason: 'paid',
    });
  });

  it("names the organization by its owner's e-mail, and runs the plan through the --until day", async () => {
    const lines = await runBillingAdmin(
      ['set-plan', 'OPERATOR-client@example.com', 'business_monthly', '--until', '2099-12-31'],
      billing,
      new Date(),
    );
    expect(lines[0]).toMatch(/is now on Business monthly until the end of 2099-12-31 \(UTC\)\.$/);
    expect(await summary()).toMatchObject({
      plan: 'business_monthly',
      state: 'active',
      accessEndsAt: '2100-01-01T00:00:00.000Z',
      renewsAt: null,
    });
  });

  it('sets Free back', async () => {
    await runBillingAdmin(['set-plan', 'operator-client@example.com', 'free'], billing, new Date());
    expect(await summary()).toMatchObject({ plan: 'free', source: 'free', accessEndsAt: null });
  });

  it('explains what is wrong with the arguments', async () => {
    await expect(runBillingAdmin(['set-plan', 'nobody-here', 'free'], billing, new Date())).rejects.toThrow(
      'No organization has the slug "nobody-here".',
    );
    await expect(
      runBillingAdmin(['set-plan', 'operator-client@example.com', 'gold'], billing, new Date()),
    ).rejects.toThrow('plan: use one of free, business_monthly, business_yearly.');
    await expect(
      runBillingAdmin(
        ['set-plan', 'operator-client@example.com', 'business_monthly', '--until', '2020-01-01'],
        billing,
        new Date(),
      ),
    ).rejects.toThrow('--until: 2020-01-01 is already over.');
    await expect(
      runBillingAdmin(
        ['set-plan', 'operator-client@example.com', 'business_monthly', '--until', '2027-02-30'],
        billing,
        new Date(),
      ),
    ).rejects.toThrow('--until: give a date as YYYY-MM-DD');
    await expect(runBillingAdmin(['refund'], billing, new Date())).rejects.toThrow(
      'Unknown command "refund".',
    );
  });
});

describe('npm run billing-admin -- issue-credit', () => {
  it('prints a code that the owner can redeem for that amount', async () => {
    const [code, description] = await runBillingAdmin(
      ['issue-credit', '12.50', '--uses', '3', '--expires', '2099-06-30'],
      billing,
      new Date(),
    );
    expect(code).toMatch(/^SG-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(description).toBe(
      '$12.50 credit, for up to 3 organizations, once each, redeem and use by the end of 2099-06-30 (UTC). The code is shown only now.',
    );
    const redeemed = await server.app.inject({
      method: 'POST',
      url: '/api/credits/redeem',
      headers: owner.headers,
      payload: { code },
    });
    expect(redeemed.json()).toMatchObject({ balanceUsd: 12.5, nextExpiry: '2099-07-01T00:00:00.000Z' });
  });

  it('refuses amounts that are not money', async () => {
    await expect(runBillingAdmin(['issue-credit', 'five'], billing, new Date())).rejects.toThrow(
      'amount-usd: give a positive amount',
    );
    await expect(runBillingAdmin(['issue-credit', '0'], billing, new Date())).rejects.toThrow(
      'amount-usd: give a positive amount',
    );
    await expect(runBillingAdmin(['issue-credit', '-5'], billing, new Date())).rejects.toThrow(UsageError);
    await expect(runBillingAdmin(['issue-credit', '5', '--uses', '0'], billing, new Date())).rejects.toThrow(
      '--uses:',
    );
  });
});

describe('the embedded database of a running server', () => {
  it('is refused with a message that says what to do', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-locked-'));
    const unlock = lockDataDir(dataDir);
    const config = parseConfig({ DATA_DIR: dataDir });
    await expect(openDatabaseForCommand(config)).rejects.toThrow(
      new RegExp(
        `A running Spendguard server holds the embedded database in .* \\(pid ${process.pid}\\)\\. .*stop the server`,
      ),
    );
    unlock();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
