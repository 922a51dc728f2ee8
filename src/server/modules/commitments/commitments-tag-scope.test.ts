import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommitmentsView } from '../../../contracts/commitments.ts';
import { isEligibleUsage } from '../../../domain/commitment-eligibility.ts';
import { migrations } from '../../db/migrations/index.ts';
import { callAs } from '../../testing/organization-fixtures.ts';
import { type OrganizationWorld, startOrganizationWorld } from '../../testing/organization-world.ts';
import { fixedClock } from '../../testing/test-clock.ts';
import { uploadsAs } from '../../testing/upload-fixtures.ts';
import {
  COMMITMENT_BILL,
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
  let file: string;
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
    file = path.join(directory, 'tagged.parquet');
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

  it('names a month read before its tag sets were kept, until the month is read again', async () => {
    await scopeTeam({ account_ids: [], tags: [{ key: 'team', value: 'web' }] });
    expect((await view(OCTOBER)).tag_gaps).toEqual([]);
    // The month as a server before decision 142 held it: commitment days, tagged spend, no tag-set days.
    const { db } = server.context.database;
    await sql`delete from cost_commitment_tag_days where integration_id = ${integrationId}`.execute(db);
    // A bill whose spend carries no tag has nothing to miss.
    const uploads = uploadsAs(server, owner.token);
    const untaggedFile = path.join(directory, 'untagged.parquet');
    await writeCur2TestFile(untaggedFile, COMMITMENT_BILL, 'parquet');
    const untagged = await uploads.createUploadIntegration('Untagged commitments bill');
    const untaggedCard = await uploads.uploadAndReadCard(
      untagged,
      'untagged.parquet',
      readFileSync(untaggedFile),
    );
    expect(untaggedCard.latest_run?.state).toBe('succeeded');
    // Nor a month read with its tag-set days.
    const kept = await uploads.createUploadIntegration('Tagged bill read since');
    expect(
      (await uploads.uploadAndReadCard(kept, 'tagged.parquet', readFileSync(file))).latest_run?.state,
    ).toBe('succeeded');
    const migration = '2026-12-14T0100-commitment-tag-gaps';
    const migrator = new Migrator({
      db: db as unknown as Kysely<unknown>,
      provider: { getMigrations: async () => migrations },
    });
    const names = Object.keys(migrations);
    expect((await migrator.migrateTo(names[names.indexOf(migration) - 1]!)).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const before = await view(OCTOBER);
    expect(before.tag_gaps).toEqual([{ month: '2026-10', reason: 'read-before', tag_days: null }]);
    expect(before.billed_elsewhere).toEqual([]);
    // Only a scope of tag pairs is told: the owner's page counts by account.
    expect((await view(OCTOBER, owner)).tag_gaps).toEqual([]);
    expect((await view('from=2026-09-01&to=2026-09-30')).tag_gaps).toEqual([]);
    for (const other of [untagged, kept]) {
      const page = await callAs(server, member)('GET', `/api/commitments?integration=${other}&${OCTOBER}`);
      expect(page.statusCode, page.body).toBe(200);
      expect((page.json() as CommitmentsView).tag_gaps, other).toEqual([]);
    }

    const card = await uploads.uploadAndReadCard(integrationId, 'tagged-again.parquet', readFileSync(file));
    expect(card.latest_run?.state).toBe('succeeded');
    const after = await view(OCTOBER);
    expect(after.tag_gaps).toEqual([]);
    expect(after.billed_elsewhere.map((row) => row.id).sort()).toEqual([RESERVATION, SAVINGS_PLAN].sort());
    expectCoverage(after, web);
  });
});

describe('commitments in a scope of tag pairs, past the tag-set days kept', () => {
  let { server, owner, member } = {} as OrganizationWorld;
  let directory: string;

  beforeAll(async () => {
    ({ server, owner, member } = await startOrganizationWorld({
      trials: ['owner'],
      app: { clock: fixedClock('2026-11-15T12:00:00Z'), env: { COMMITMENT_TAG_DAYS_MAX: '1' } },
    }));
    directory = mkdtempSync(path.join(os.tmpdir(), 'commitments-tags-bound-'));
  }, 120_000);
  afterAll(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('warns on the run and names the month on the page of a tag team', async () => {
    const file = path.join(directory, 'tagged.parquet');
    await writeCur2TestFile(file, TAGGED_BILL, 'parquet');
    const uploads = uploadsAs(server, owner.token);
    const id = await uploads.createUploadIntegration('Tagged commitments bill');
    const card = await uploads.uploadAndReadCard(id, 'tagged.parquet', readFileSync(file));
    expect(card.latest_run?.state).toBe('succeeded');
    expect(card.latest_run?.warnings.join(' ')).toMatch(/more than the 1 kept for teams/);
    const team = await callAs(server, owner)('POST', '/api/teams', {
      name: 'Web',
      member_ids: [member.userId],
      scope: { account_ids: [], tags: [{ key: 'team', value: 'web' }] },
    });
    expect(team.statusCode, team.body).toBe(201);
    const response = await callAs(server, member)('GET', `/api/commitments?integration=${id}&${OCTOBER}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as CommitmentsView;
    expect(page.tag_gaps).toEqual([{ month: '2026-10', reason: 'too-many', tag_days: expect.any(Number) }]);
    expect(page.tag_gaps[0]!.tag_days).toBeGreaterThan(1);
    expect(page.billed_elsewhere).toEqual([]);
  });
});
