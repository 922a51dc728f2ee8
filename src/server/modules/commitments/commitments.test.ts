import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommitmentsView } from '../../../contracts/commitments.ts';
import { isEligibleUsage } from '../../../domain/commitment-eligibility.ts';
import { callWithToken, createApiToken } from '../../testing/api-token-fixtures.ts';
import { callAs } from '../../testing/organization-fixtures.ts';
import { type OrganizationWorld, startOrganizationWorld } from '../../testing/organization-world.ts';
import { fixedClock } from '../../testing/test-clock.ts';
import { uploadsAs } from '../../testing/upload-fixtures.ts';
import {
  COMMITMENT_BILL,
  PAYER,
  RESERVATION,
  SAVINGS_PLAN,
  WORKLOADS,
} from '../cost-data/billing-files/commitment-test-bill.ts';
import { writeCur2TestFile } from '../cost-data/billing-files/cur2-test-files.ts';

type Item = (typeof COMMITMENT_BILL)[number];
/** Independent sums of the bill's raw line items. */
const sum = (where: (item: Item) => boolean, field: (item: Item) => string | undefined) =>
  COMMITMENT_BILL.filter(where).reduce((total, item) => total + Number(field(item) ?? 0), 0);
const ofType = (type: string) => (item: Item) => item.type === type;
const eligible = (kind: 'savings-plan' | 'reservation') => (item: Item) =>
  isEligibleUsage(kind, item.productCode ?? 'AmazonEC2', item.usageType);

const spTotal = sum(ofType('SavingsPlanRecurringFee'), (item) => item.savingsPlanTotalCommitmentToDate);
const spUsed = sum(ofType('SavingsPlanRecurringFee'), (item) => item.savingsPlanUsedCommitment);
const spOnDemand = sum(ofType('SavingsPlanCoveredUsage'), (item) => item.unblended);
const riUsed = sum(ofType('DiscountedUsage'), (item) => item.reservationEffectiveCost);
const riUnused =
  sum(ofType('RIFee'), (item) => item.reservationUnusedAmortizedUpfrontFee) +
  sum(ofType('RIFee'), (item) => item.reservationUnusedRecurringFee);
const riOnDemand = sum(ofType('DiscountedUsage'), (item) => item.publicOnDemandCost);

const OCTOBER = 'from=2026-10-01&to=2026-10-31';

describe('GET /api/commitments', () => {
  let { server, owner, member, stranger } = {} as OrganizationWorld;
  let integrationId: string;
  let directory: string;
  const get = (url: string, who = owner) => callAs(server, who)('GET', url);
  const view = async (query: string, who = owner) => {
    const response = await get(`/api/commitments?${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CommitmentsView;
  };

  beforeAll(async () => {
    ({ server, owner, member, stranger } = await startOrganizationWorld({
      trials: ['owner'],
      app: { clock: fixedClock('2026-11-15T12:00:00Z') },
    }));
    directory = mkdtempSync(path.join(os.tmpdir(), 'commitments-api-'));
    const file = path.join(directory, 'commitments.parquet');
    await writeCur2TestFile(file, COMMITMENT_BILL, 'parquet');
    const uploads = uploadsAs(server, owner.token);
    integrationId = await uploads.createUploadIntegration('Commitments bill');
    const card = await uploads.uploadAndReadCard(integrationId, 'commitments.parquet', readFileSync(file));
    expect(card.latest_run?.state).toBe('succeeded');
  });
  afterAll(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('lists each commitment from the bill with its type, term, payment option, dates and source', async () => {
    const { commitments } = await view(`integration=${integrationId}&${OCTOBER}`);
    expect(commitments.map((row) => [row.id, row.type, row.term, row.payment_option, row.source])).toEqual([
      [RESERVATION, 'RDS Reserved Instance', '1yr', 'Partial Upfront', 'bill'],
      [SAVINGS_PLAN, 'Compute Savings Plan', '1yr', 'No Upfront', 'bill'],
    ]);
    const [reservation, plan] = commitments;
    expect(reservation).toMatchObject({
      owner_account_id: PAYER,
      reserved_count: 2,
      ends_at: '2026-12-20T00:00:00.000Z',
      days_until_end: 34,
      state: 'active',
      returnable_until: null,
    });
    expect(plan).toMatchObject({
      hourly_commitment_usd: 2,
      starts_at: '2026-03-01T00:00:00.000Z',
      state: 'active',
    });
  });

  it("sums a Savings Plan's utilization and saving as the bill's line items do, to 1e-6 USD", async () => {
    const plan = (await view(`integration=${integrationId}&${OCTOBER}`)).commitments[1]!;
    expect(plan.total_commitment_usd).toBeCloseTo(spTotal, 6);
    expect(plan.used_commitment_usd).toBeCloseTo(spUsed, 6);
    expect(plan.unused_commitment_usd).toBeCloseTo(spTotal - spUsed, 6);
    expect(plan.utilization_percent).toBeCloseTo((spUsed / spTotal) * 100, 6);
    expect(plan.on_demand_equivalent_usd).toBeCloseTo(spOnDemand, 6);
    expect(plan.net_savings_usd).toBeCloseTo(spOnDemand - spTotal, 6);
  });

  it("sums a reservation's used fee, its month's unused fee and its saving, to 1e-6 USD", async () => {
    const reservation = (await view(`integration=${integrationId}&${OCTOBER}`)).commitments[0]!;
    expect(reservation.used_commitment_usd).toBeCloseTo(riUsed, 6);
    expect(reservation.unused_commitment_usd).toBeCloseTo(riUnused, 6);
    expect(reservation.total_commitment_usd).toBeCloseTo(riUsed + riUnused, 6);
    expect(reservation.utilization_percent).toBeCloseTo((riUsed / (riUsed + riUnused)) * 100, 6);
    expect(reservation.net_savings_usd).toBeCloseTo(riOnDemand - (riUsed + riUnused), 6);
  });

  it('covers eligible usage by AWS definitions: On-Demand dollars for Savings Plans, hours for reservations', async () => {
    const { coverage } = await view(`integration=${integrationId}&${OCTOBER}`);
    const plans = coverage.find((row) => row.kind === 'savings-plan')!;
    const spUncovered = sum(
      (item) => item.type === 'Usage' && eligible('savings-plan')(item),
      (item) => item.unblended,
    );
    expect(plans.covered_on_demand_usd).toBeCloseTo(spOnDemand, 6);
    expect(plans.eligible_on_demand_usd).toBeCloseTo(spOnDemand + spUncovered, 6);
    expect(plans.cost_coverage_percent).toBeCloseTo((spOnDemand / (spOnDemand + spUncovered)) * 100, 6);
    const reservations = coverage.find((row) => row.kind === 'reservation')!;
    const reservedHours = sum(ofType('DiscountedUsage'), (item) => item.usageAmount);
    const otherHours = sum(
      (item) =>
        (item.type === 'Usage' || item.type === 'SavingsPlanCoveredUsage') && eligible('reservation')(item),
      (item) => item.usageAmount ?? '1',
    );
    expect(reservations.covered_hours).toBeCloseTo(reservedHours, 6);
    expect(reservations.eligible_hours).toBeCloseTo(reservedHours + otherHours, 6);
  });

  it('answers in an account scope: commitments the account owns, coverage of its usage', async () => {
    const workloads = await view(`integration=${integrationId}&${OCTOBER}&account_id=${WORKLOADS}`);
    expect(workloads.scoped).toBe(true);
    expect(workloads.commitments).toEqual([]);
    const plans = workloads.coverage.find((row) => row.kind === 'savings-plan')!;
    const uncovered = sum(
      (item) => item.type === 'Usage' && item.usageAccountId === WORKLOADS && eligible('savings-plan')(item),
      (item) => item.unblended,
    );
    expect(plans.eligible_on_demand_usd).toBeCloseTo(spOnDemand + uncovered, 6);
    const payer = await view(`integration=${integrationId}&${OCTOBER}&account_id=${PAYER}`);
    expect(payer.commitments).toHaveLength(2);
    // The payer's own reserved hours were paid for by its own reservation: nothing is billed elsewhere.
    expect(payer.billed_elsewhere).toEqual([]);
    expect((await view(`integration=${integrationId}&${OCTOBER}`)).billed_elsewhere).toEqual([]);
  });

  it("lists what the payer's commitments did for another account's usage: its share, cost and saving", async () => {
    const workloads = await view(`integration=${integrationId}&${OCTOBER}&account_id=${WORKLOADS}`);
    const inWorkloads = (item: Item) => item.usageAccountId === WORKLOADS;
    // All the plan's covered usage runs in the workload account; half the reserved hours do.
    const riWorkloadsOnDemand = sum(
      (item) => ofType('DiscountedUsage')(item) && inWorkloads(item),
      (item) => item.publicOnDemandCost,
    );
    const riShare = riWorkloadsOnDemand / riOnDemand;
    expect(riShare).toBeCloseTo(0.5, 12);
    const byId = new Map(workloads.billed_elsewhere.map((row) => [row.id, row]));
    expect([...byId.keys()].sort()).toEqual([RESERVATION, SAVINGS_PLAN].sort());
    const plan = byId.get(SAVINGS_PLAN)!;
    expect(plan).toMatchObject({ owner_account_id: PAYER, type: 'Compute Savings Plan', state: 'active' });
    expect(plan.share_percent).toBeCloseTo(100, 9);
    expect(plan.covered_on_demand_usd).toBeCloseTo(spOnDemand, 6);
    expect(plan.cost_usd).toBeCloseTo(spUsed, 6);
    expect(plan.net_savings_usd).toBeCloseTo(spOnDemand - spUsed, 6);
    const reservation = byId.get(RESERVATION)!;
    expect(reservation.share_percent).toBeCloseTo(riShare * 100, 9);
    expect(reservation.covered_on_demand_usd).toBeCloseTo(riWorkloadsOnDemand, 6);
    expect(reservation.cost_usd).toBeCloseTo(riUsed * riShare, 6);
    expect(reservation.net_savings_usd).toBeCloseTo(riWorkloadsOnDemand - riUsed * riShare, 6);
    // The kind filter narrows them as it narrows the owner's rows; a window without the usage lists none.
    const plans = await view(
      `integration=${integrationId}&${OCTOBER}&account_id=${WORKLOADS}&kind=savings-plan`,
    );
    expect(plans.billed_elsewhere.map((row) => row.id)).toEqual([SAVINGS_PLAN]);
    const september = await view(
      `integration=${integrationId}&from=2026-09-01&to=2026-09-30&account_id=${WORKLOADS}`,
    );
    expect(september.billed_elsewhere).toEqual([]);
  });

  it('shows utilization per day, the reservation unused fee spread over the days of its month', async () => {
    const { utilization } = await view(`integration=${integrationId}&from=2026-10-05&to=2026-10-06`);
    const day = utilization.find((point) => point.bucket === '2026-10-05')!;
    const planTotal = sum(
      (item) => item.type === 'SavingsPlanRecurringFee' && item.start?.startsWith('2026-10-05') === true,
      (item) => item.savingsPlanTotalCommitmentToDate,
    );
    expect(day.total_commitment_usd).toBeCloseTo(planTotal + riUsed / 2 + riUnused / 31, 6);
    const months = await view(`integration=${integrationId}&${OCTOBER}&granularity=month`);
    expect(months.utilization).toHaveLength(1);
    expect(months.utilization[0]!.total_commitment_usd).toBeCloseTo(spTotal + riUsed + riUnused, 6);
  });

  it('never divides by a zero commitment: a window without any is a utilization of none', async () => {
    const november = await view(`integration=${integrationId}&from=2026-11-01&to=2026-11-10`);
    expect(november.commitments.every((row) => row.total_commitment_usd === 0)).toBe(true);
    expect(november.commitments.every((row) => row.utilization_percent === null)).toBe(true);
    expect(november.utilization.every((point) => point.utilization_percent === null)).toBe(true);
  });

  it('narrows to one commitment, and answers 404 for one the organization does not hold', async () => {
    const one = await view(
      `integration=${integrationId}&${OCTOBER}&commitment_id=${encodeURIComponent(SAVINGS_PLAN)}`,
    );
    expect(one.commitments.map((row) => row.id)).toEqual([SAVINGS_PLAN]);
    const unknown = await get(
      `/api/commitments?integration=${integrationId}&commitment_id=arn%3Aaws%3Aother`,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it("answers 404 for another tenant's integration and commitment", async () => {
    const integration = await get(`/api/commitments?integration=${integrationId}`, stranger);
    expect(integration.statusCode).toBe(404);
    const commitment = await get(
      `/api/commitments?commitment_id=${encodeURIComponent(SAVINGS_PLAN)}`,
      stranger,
    );
    expect(commitment.statusCode).toBe(404);
  });

  it('validates its input and names the field', async () => {
    const response = await get(`/api/commitments?integration=${integrationId}&from=2026-13-01`);
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toMatch(/from/);
    const reversed = await get(`/api/commitments?integration=${integrationId}&from=2026-10-05&to=2026-10-01`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().Message).toMatch(/to/);
    // An id that cannot be an integration's is none: not found, as another tenant's.
    expect((await get('/api/commitments?integration=abc')).statusCode).toBe(404);
    const yearZero = await get(`/api/commitments?integration=${integrationId}&from=0000-01-01&to=0000-01-02`);
    expect(yearZero.statusCode).toBe(400);
    expect(yearZero.json().Message).toMatch(/from/);
    // December 9999's coverage would split into months up to 10000-01-01, past four-digit days.
    const lastYear = await get(`/api/commitments?integration=${integrationId}&from=9999-12-01&to=9999-12-31`);
    expect(lastYear.statusCode).toBe(400);
    expect(lastYear.json()).toEqual({
      Code: 'BadRequest',
      Message:
        'from: from must be from 1970-01-01 to 9998-12-31; to: to must be from 1970-01-01 to 9998-12-31',
    });
    // A from without a to runs to today: the longest range holds for it too.
    const centuries = await get(`/api/commitments?integration=${integrationId}&from=2000-01-01`);
    expect(centuries.statusCode).toBe(400);
    expect(centuries.json()).toEqual({
      Code: 'BadRequest',
      Message: 'from: the range to today may cover at most 731 days',
    });
  });

  it('is read by members and by API tokens with costs:read', async () => {
    expect((await view(`integration=${integrationId}&${OCTOBER}`, member)).commitments).toHaveLength(2);
    const token = await createApiToken(server, owner, { name: 'reader', scopes: ['costs:read'] });
    const response = await callWithToken(server, token.secret)(
      'GET',
      `/api/commitments?integration=${integrationId}&${OCTOBER}`,
    );
    expect(response.statusCode, response.body).toBe(200);
  });

  it("names the tag pairs of a member's scope; its accounts own no commitment", async () => {
    expect((await view(`integration=${integrationId}&${OCTOBER}`)).scope_tags).toEqual([]);
    const team = await callAs(server, owner)('POST', '/api/teams', {
      name: 'Tagged web',
      member_ids: [member.userId],
      scope: { account_ids: [WORKLOADS], tags: [{ key: 'team', value: 'web' }] },
    });
    expect(team.statusCode, team.body).toBe(201);
    const scoped = await view(`integration=${integrationId}&${OCTOBER}`, member);
    expect(scoped.scoped).toBe(true);
    expect(scoped.scope_tags).toEqual(['team=web']);
    expect(scoped.commitments).toEqual([]);
  });
});
