import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommitmentsView } from '../../../contracts/commitments.ts';
import { isEligibleUsage } from '../../../domain/commitment-eligibility.ts';
import { callAs } from '../../testing/organization-fixtures.ts';
import { type OrganizationWorld, startOrganizationWorld } from '../../testing/organization-world.ts';
import { fixedClock } from '../../testing/test-clock.ts';
import { uploadsAs } from '../../testing/upload-fixtures.ts';
import {
  PAYER,
  RESERVATION,
  SAVINGS_PLAN,
  TAGGED_COMMITMENT_BILL as TAGGED_BILL,
  WORKLOADS,
} from '../cost-data/billing-files/commitment-test-bill.ts';
import { writeCur2TestFile } from '../cost-data/billing-files/cur2-test-files.ts';

type Item = (typeof TAGGED_BILL)[number];
const sum = (where: (item: Item) => boolean, field: (item: Item) => string | undefined) =>
  TAGGED_BILL.filter(where).reduce((total, item) => total + Number(field(item) ?? 0), 0);
const web = (item: Item) => Object.values(item.tags ?? {}).includes('web');
const usage = (item: Item) => item.type !== 'SavingsPlanRecurringFee' && item.type !== 'RIFee';
const ofType = (type: string) => (item: Item) => item.type === type;
const eligible = (kind: 'savings-plan' | 'reservation') => (item: Item) =>
  isEligibleUsage(kind, item.productCode ?? 'AmazonEC2', item.usageType);

/** Coverage of the usage lines a scope holds, summed from the raw line items. */
function coverageIn(holds: (item: Item) => boolean) {
  const inScope = (item: Item) => usage(item) && holds(item);
  const spCovered = sum(
    (item) => inScope(item) && ofType('SavingsPlanCoveredUsage')(item),
    (i) => i.unblended,
  );
  const spUncovered = sum(
    (item) => inScope(item) && item.type === 'Usage' && eligible('savings-plan')(item),
    (item) => item.unblended,
  );
  const reserved = sum(
    (item) => inScope(item) && ofType('DiscountedUsage')(item),
    (i) => i.usageAmount,
  );
  const notReserved = sum(
    (item) =>
      inScope(item) &&
      (item.type === 'Usage' || item.type === 'SavingsPlanCoveredUsage') &&
      eligible('reservation')(item),
    (item) => item.usageAmount ?? '1',
  );
  return {
    spCovered,
    spEligible: spCovered + spUncovered,
    reserved,
    reservedEligible: reserved + notReserved,
  };
}

const OCTOBER = 'from=2026-10-01&to=2026-10-31';

describe('commitments in a scope of tag pairs', () => {
  let { server, owner, member } = {} as OrganizationWorld;
  let integrationId: string;
  let teamId: string;
  let directory: string;
  const view = async (query: string, who = member) => {
    const response = await callAs(server, who)(
      'GET',
      `/api/commitments?integration=${integrationId}&${query}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CommitmentsView;
  };
  const scopeTeam = async (scope: { account_ids: string[]; tags: Array<{ key: string; value: string }> }) => {
    const response = await callAs(server, owner)('PATCH', `/api/teams/${teamId}`, { scope });
    expect(response.statusCode, response.body).toBe(200);
  };
  const coverageOf = (page: CommitmentsView) => ({
    spCovered: page.coverage.find((row) => row.kind === 'savings-plan')?.covered_on_demand_usd ?? 0,
    spEligible: page.coverage.find((row) => row.kind === 'savings-plan')?.eligible_on_demand_usd ?? 0,
    reserved: page.coverage.find((row) => row.kind === 'reservation')?.covered_hours ?? 0,
    reservedEligible: page.coverage.find((row) => row.kind === 'reservation')?.eligible_hours ?? 0,
  });
  const expectCoverage = (page: CommitmentsView, holds: (item: Item) => boolean) => {
    const expected = coverageIn(holds);
    const got = coverageOf(page);
    for (const key of Object.keys(expected) as Array<keyof typeof expected>)
      expect(got[key], key).toBeCloseTo(expected[key], 6);
  };

  beforeAll(async () => {
    ({ server, owner, member } = await startOrganizationWorld({
      trials: ['owner'],
      app: { clock: fixedClock('2026-11-15T12:00:00Z') },
    }));
    directory = mkdtempSync(path.join(os.tmpdir(), 'commitments-tags-'));
    const file = path.join(directory, 'tagged.parquet');
    await writeCur2TestFile(file, TAGGED_BILL, 'parquet');
    const uploads = uploadsAs(server, owner.token);
    integrationId = await uploads.createUploadIntegration('Tagged commitments bill');
    const card = await uploads.uploadAndReadCard(integrationId, 'tagged.parquet', readFileSync(file));
    expect(card.latest_run?.state).toBe('succeeded');
    const team = await callAs(server, owner)('POST', '/api/teams', {
      name: 'Web',
      member_ids: [member.userId],
      scope: { account_ids: [], tags: [{ key: 'team', value: 'web' }] },
    });
    expect(team.statusCode, team.body).toBe(201);
    teamId = (team.json() as { id: string }).id;
  }, 120_000);
  afterAll(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('lists what the commitments did for the tagged usage: its share, cost and saving, never a fee', async () => {
    await scopeTeam({ account_ids: [], tags: [{ key: 'team', value: 'web' }] });
    const page = await view(OCTOBER);
    expect(page.scoped).toBe(true);
    expect(page.commitments).toEqual([]);
    const spOnDemand = sum(ofType('SavingsPlanCoveredUsage'), (item) => item.unblended);
    const spWeb = sum(
      (item) => ofType('SavingsPlanCoveredUsage')(item) && web(item),
      (item) => item.unblended,
    );
    const spUsed = sum(ofType('SavingsPlanRecurringFee'), (item) => item.savingsPlanUsedCommitment);
    const riWeb = sum(
      (item) => ofType('DiscountedUsage')(item) && web(item),
      (item) => item.publicOnDemandCost,
    );
    const riWebUsed = sum(
      (item) => ofType('DiscountedUsage')(item) && web(item),
      (item) => item.reservationEffectiveCost,
    );
    const riOnDemand = sum(ofType('DiscountedUsage'), (item) => item.publicOnDemandCost);
    const byId = new Map(page.billed_elsewhere.map((row) => [row.id, row]));
    expect([...byId.keys()].sort()).toEqual([RESERVATION, SAVINGS_PLAN].sort());
    const plan = byId.get(SAVINGS_PLAN)!;
    expect(plan.share_percent).toBeCloseTo((spWeb / spOnDemand) * 100, 9);
    expect(plan.covered_on_demand_usd).toBeCloseTo(spWeb, 6);
    // The plan's used commitment is on its fee line, tagged web too: the part is the share of it, not all.
    expect(plan.cost_usd).toBeCloseTo(spUsed * (spWeb / spOnDemand), 6);
    expect(plan.cost_usd).toBeLessThan(spUsed - 0.5);
    const reservation = byId.get(RESERVATION)!;
    expect(reservation.share_percent).toBeCloseTo((riWeb / riOnDemand) * 100, 9);
    expect(reservation.cost_usd).toBeCloseTo(riWebUsed, 6);
    expect(reservation.net_savings_usd).toBeCloseTo(riWeb - riWebUsed, 6);
    expectCoverage(page, web);
  });

  it('counts a line in its accounts and under its tags once, and narrows the tagged usage by an account filter', async () => {
    await scopeTeam({ account_ids: [PAYER], tags: [{ key: 'team', value: 'web' }] });
    const page = await view(OCTOBER);
    expect(page.commitments.map((row) => row.id).sort()).toEqual([RESERVATION, SAVINGS_PLAN].sort());
    expect(page.billed_elsewhere).toEqual([]);
    // The payer's on-demand hour is in its account and tagged web: counted once.
    expectCoverage(page, (item) => item.usageAccountId === PAYER || web(item));

    const workloads = await view(`${OCTOBER}&account_id=${WORKLOADS}`);
    expect(workloads.commitments).toEqual([]);
    expectCoverage(workloads, (item) => item.usageAccountId === WORKLOADS && web(item));
    expect(workloads.billed_elsewhere.map((row) => row.id).sort()).toEqual(
      [RESERVATION, SAVINGS_PLAN].sort(),
    );
  });

  it('shows a tag pair no usage carries as no coverage and no commitment', async () => {
    await scopeTeam({ account_ids: [], tags: [{ key: 'team', value: 'mobile' }] });
    const page = await view(OCTOBER);
    expect(page.commitments).toEqual([]);
    expect(page.billed_elsewhere).toEqual([]);
    expect(coverageOf(page)).toEqual({ spCovered: 0, spEligible: 0, reserved: 0, reservedEligible: 0 });
  });
});
