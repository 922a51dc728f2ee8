import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingData } from '../../../contracts/billing-data.ts';
import { eachDay } from '../../../domain/calendar-days.ts';
import { billingDataPath } from '../../testing/billing-data-path.ts';
import { callAs } from '../../testing/organization-fixtures.ts';
import { type OrganizationWorld, startOrganizationWorld } from '../../testing/organization-world.ts';
import { fixedClock } from '../../testing/test-clock.ts';
import { uploadsAs } from '../../testing/upload-fixtures.ts';
import type { Cur2TestLineItem } from '../cost-data/billing-files/cur2-test-files.ts';
import { writeCur2TestFile } from '../cost-data/billing-files/cur2-test-files.ts';

const PAYER = '111111111111';
const WORKLOADS = '222222222222';
const PLAN = `arn:aws:savingsplans::${PAYER}:savingsplan/sp-ends-in-november`;
const BILLED_DAYS = eachDay('2026-11-01', '2026-11-11');

/**
 * November 1 to 11 of a CUR 2.0 bill: each day a Compute Savings Plan's fee ($2 an hour, $40 of it used)
 * paying for usage worth $60 On-Demand in the workload account, and $100 of usage it does not cover.
 */
function novemberBill(planEndsAt: string): Cur2TestLineItem[] {
  const plan = {
    savingsPlanArn: PLAN,
    savingsPlanOfferingType: 'ComputeSavingsPlans',
    savingsPlanPurchaseTerm: '1yr',
    savingsPlanPaymentOption: 'No Upfront',
    savingsPlanStartTime: '2025-11-20T00:00:00.000Z',
    savingsPlanEndTime: planEndsAt,
  };
  const billingPeriod = '2026-11-01';
  return BILLED_DAYS.flatMap((day): Cur2TestLineItem[] => {
    const start = `${day} 00:00:00`;
    const usage = { usageType: 'USE1-BoxUsage:m5.large', start, hours: 24, billingPeriod };
    return [
      {
        type: 'SavingsPlanRecurringFee',
        usageType: 'ComputeSP:1yrNoUpfront',
        start,
        hours: 24,
        billingPeriod,
        unblended: '48.00',
        savingsPlanTotalCommitmentToDate: '48.00',
        savingsPlanUsedCommitment: '40.00',
        usageAccountId: PAYER,
        productCode: 'ComputeSavingsPlans',
        ...plan,
      },
      {
        type: 'SavingsPlanCoveredUsage',
        ...usage,
        usageAccountId: WORKLOADS,
        unblended: '60.00',
        savingsPlanEffectiveCost: '40.00',
        ...plan,
      },
      {
        type: 'SavingsPlanNegation',
        ...usage,
        usageAccountId: WORKLOADS,
        unblended: '-60.00',
        savingsPlanArn: PLAN,
      },
      { type: 'Usage', ...usage, usageAccountId: WORKLOADS, unblended: '100.00' },
    ];
  });
}

type Item = Cur2TestLineItem;
const sumOf = (items: Item[], type: string, field: (item: Item) => string | undefined) =>
  items.filter((item) => item.type === type).reduce((sum, item) => sum + Number(field(item) ?? 0), 0);

describe('the month-end forecast with a Savings Plan ending within the month', () => {
  let { server, owner, member } = {} as OrganizationWorld;
  let directory: string;
  let ending: string;
  let lasting: string;

  const forecastOf = async (integration: string, who = owner, params: Record<string, string> = {}) => {
    const response = await callAs(server, who)(
      'GET',
      billingDataPath(who.userId, {
        integration,
        start_date: '2026-11-01',
        end_date: '2026-11-30',
        ...params,
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as BillingData).month_end_forecast!;
  };

  beforeAll(async () => {
    ({ server, owner, member } = await startOrganizationWorld({
      trials: ['owner'],
      app: { clock: fixedClock('2026-11-12T12:00:00Z') },
    }));
    directory = mkdtempSync(path.join(os.tmpdir(), 'forecast-commitment-ends-'));
    const uploads = uploadsAs(server, owner.token);
    const integrationWith = async (name: string, planEndsAt: string) => {
      const file = path.join(directory, `${name}.parquet`);
      await writeCur2TestFile(file, novemberBill(planEndsAt), 'parquet');
      const id = await uploads.createUploadIntegration(name);
      const card = await uploads.uploadAndReadCard(id, `${name}.parquet`, readFileSync(file));
      expect(card.latest_run?.state).toBe('succeeded');
      return id;
    };
    ending = await integrationWith('ending', '2026-11-20T00:00:00.000Z');
    lasting = await integrationWith('lasting', '2027-11-20T00:00:00.000Z');
    const team = await callAs(server, owner)('POST', '/api/teams', {
      name: 'Workloads',
      member_ids: [member.userId],
      scope: { account_ids: [WORKLOADS], tags: [] },
    });
    expect(team.statusCode, team.body).toBe(201);
  });
  afterAll(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it("prices the plan's covered usage On-Demand from its end, by the bill's line items", async () => {
    const bill = novemberBill('2026-11-20T00:00:00.000Z');
    const onDemand = sumOf(bill, 'SavingsPlanCoveredUsage', (item) => item.unblended);
    const commitment = sumOf(
      bill,
      'SavingsPlanRecurringFee',
      (item) => item.savingsPlanTotalCommitmentToDate,
    );
    // The plan's days in the bill, per day, over November 20 to 30.
    const expected =
      ((onDemand - commitment) / BILLED_DAYS.length) * eachDay('2026-11-20', '2026-11-30').length;

    const [withEnd, without] = await Promise.all([forecastOf(ending), forecastOf(lasting)]);
    expect(withEnd.commitment_ends).toEqual([
      {
        commitment_id: PLAN,
        type: 'Compute Savings Plan',
        ends_at: '2026-11-20T00:00:00.000Z',
        ends_on: '2026-11-20',
        extra_usd: expect.any(Number),
      },
    ]);
    expect(withEnd.commitment_ends[0]?.extra_usd).toBeCloseTo(expected, 6);
    expect(without.commitment_ends).toEqual([]);
    // The same bill but for the plan's end: the forecast and its interval move by what the end adds.
    expect(withEnd.month_to_date).toBeCloseTo(without.month_to_date, 6);
    expect(withEnd.forecast - without.forecast).toBeCloseTo(expected, 6);
    expect(withEnd.lower - without.lower).toBeCloseTo(expected, 6);
    expect(withEnd.upper - without.upper).toBeCloseTo(expected, 6);
  });

  it("leaves the end out of a view the plan's fees are not in: another account's team, a choice of tag values", async () => {
    const scoped = await forecastOf(ending, member);
    expect(scoped.commitment_ends).toEqual([]);
    const byTag = await forecastOf(ending, owner, { tag_key: 'team', selected_tag_values: 'web' });
    expect(byTag.commitment_ends).toEqual([]);
  });
});
