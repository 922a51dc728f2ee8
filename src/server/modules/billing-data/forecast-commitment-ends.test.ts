import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingData } from '../../../contracts/billing-data.ts';
import type { TeamScope, TeamSpend } from '../../../contracts/teams.ts';
import { eachDay } from '../../../domain/calendar-days.ts';
import { billingDataPath } from '../../testing/billing-data-path.ts';
import { callAs } from '../../testing/organization-fixtures.ts';
import { type OrganizationWorld, startOrganizationWorld } from '../../testing/organization-world.ts';
import { billWithSavingsPlan, ENDING_PLAN, PLAN_BILL_ACCOUNTS } from '../../testing/savings-plan-bill.ts';
import { fixedClock } from '../../testing/test-clock.ts';
import { uploadsAs } from '../../testing/upload-fixtures.ts';
import type { Cur2TestLineItem } from '../cost-data/billing-files/cur2-test-files.ts';
import { writeCur2TestFile } from '../cost-data/billing-files/cur2-test-files.ts';

const { payer: PAYER, workloads: WORKLOADS, data: DATA } = PLAN_BILL_ACCOUNTS;
const PLAN = ENDING_PLAN;
const BILLED_DAYS = eachDay('2026-11-01', '2026-11-11');
/**
 * November 1 to 11 of the bill; the workload account's usage carries team=web, the data account's
 * env=prod on odd days and no tag at all on even days (decisions 142 and 143).
 */
const novemberBill = (planEndsAt: string) =>
  billWithSavingsPlan(BILLED_DAYS, planEndsAt).map((item) => {
    if (item.usageAccountId === WORKLOADS) return { ...item, tags: { team: 'web' } };
    if (item.usageAccountId === DATA && Number(item.start?.slice(8, 10)) % 2 === 1)
      return { ...item, tags: { env: 'prod' } };
    return item;
  });
/** The share of the data account's covered usage tagged env=prod: its odd days. */
const PROD_SHARE =
  BILLED_DAYS.filter((day) => Number(day.slice(8, 10)) % 2 === 1).length / BILLED_DAYS.length;

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
      // The last test changes the stored month behind the server's back: no answer is kept.
      app: { clock: fixedClock('2026-11-12T12:00:00Z'), env: { BILLING_DATA_CACHE_ENTRIES: '0' } },
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
    const teams: [string, string[], TeamScope][] = [
      ['Workloads', [member.userId], { account_ids: [WORKLOADS], tags: [] }],
      ['Data', [], { account_ids: [DATA], tags: [] }],
      ['Payer', [], { account_ids: [PAYER], tags: [] }],
      ['Tagged', [], { account_ids: [], tags: [{ key: 'team', value: 'web' }] }],
    ];
    for (const [name, member_ids, scope] of teams) {
      const team = await callAs(server, owner)('POST', '/api/teams', { name, member_ids, scope });
      expect(team.statusCode, team.body).toBe(201);
    }
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

  it("gives a team's scope the part of the end its accounts' covered usage carries", async () => {
    const [whole, scoped, scopedLasting] = await Promise.all([
      forecastOf(ending),
      forecastOf(ending, member),
      forecastOf(lasting, member),
    ]);
    const wholeExtra = whole.commitment_ends[0]?.extra_usd ?? 0;
    // The workload account holds $60 of the $90 On-Demand the plan paid for each day.
    const part = (wholeExtra * 60) / 90;
    expect(scoped.commitment_ends).toEqual([{ ...whole.commitment_ends[0], extra_usd: expect.any(Number) }]);
    expect(scoped.commitment_ends[0]?.extra_usd).toBeCloseTo(part, 6);
    expect(scoped.forecast - scopedLasting.forecast).toBeCloseTo(part, 6);
  });

  it("the team page's forecast: the part in each team's scope, none outside it, never more than the whole", async () => {
    const whole = await forecastOf(ending);
    const wholeExtra = whole.commitment_ends[0]?.extra_usd ?? 0;
    expect(wholeExtra).toBeGreaterThan(0);
    const ofTeam = async (slug: string) => {
      const response = await callAs(server, owner)('GET', `/api/team-spend/${slug}`);
      expect(response.statusCode, response.body).toBe(200);
      const spend = response.json() as TeamSpend;
      expect(spend.month?.integration.name).toBe('ending');
      return spend.month?.month_end_forecast.commitment_ends ?? [];
    };
    const [workloads, data, payer, tagged] = await Promise.all([
      ofTeam('workloads'),
      ofTeam('data'),
      ofTeam('payer'),
      ofTeam('tagged'),
    ]);
    expect(workloads.map((end) => end.commitment_id)).toEqual([PLAN]);
    expect(workloads[0]?.extra_usd).toBeCloseTo((wholeExtra * 60) / 90, 6);
    expect(data[0]?.extra_usd).toBeCloseTo((wholeExtra * 30) / 90, 6);
    // The fee's account holds none of the usage the plan paid for.
    expect(payer).toEqual([]);
    // The team of team=web holds the workload account's usage, which carries it (decision 142).
    expect(tagged[0]?.extra_usd).toBeCloseTo((wholeExtra * 60) / 90, 6);
    // The teams of accounts share no usage: together never more than the whole.
    const teamsSum = [...workloads, ...data, ...payer].reduce((sum, end) => sum + (end.extra_usd ?? 0), 0);
    expect(teamsSum).toBeLessThanOrEqual(wholeExtra + 1e-6);
  });

  it('gives a view narrowed to a choice of tag values the part of the end its usage carries', async () => {
    const whole = await forecastOf(ending);
    const wholeExtra = whole.commitment_ends[0]?.extra_usd ?? 0;
    const web = { tag_key: 'team', selected_tag_values: 'web' };
    const [byTag, membersByTag, lastingByTag] = await Promise.all([
      forecastOf(ending, owner, web),
      forecastOf(ending, member, web),
      forecastOf(lasting, owner, web),
    ]);
    expect(byTag.commitment_ends.map((end) => end.commitment_id)).toEqual([PLAN]);
    expect(byTag.commitment_ends[0]?.extra_usd).toBeCloseTo((wholeExtra * 60) / 90, 6);
    expect(byTag.forecast - lastingByTag.forecast).toBeCloseTo((wholeExtra * 60) / 90, 6);
    // The Workloads member's accounts, narrowed to team=web: the same usage.
    expect(membersByTag.commitment_ends[0]?.extra_usd).toBeCloseTo((wholeExtra * 60) / 90, 6);
    // No usage the plan paid for carries team=data.
    const none = await forecastOf(ending, owner, { tag_key: 'team', selected_tag_values: 'data' });
    expect(none.commitment_ends).toEqual([]);
  });

  it('cuts by the lines without the key, and cuts a scope of tag pairs by another tag', async () => {
    const whole = await forecastOf(ending);
    const wholeExtra = whole.commitment_ends[0]?.extra_usd ?? 0;
    const extraOf = async (who: typeof owner, key: string, values: string) =>
      (await forecastOf(ending, who, { tag_key: key, selected_tag_values: values })).commitment_ends.map(
        (end) => end.extra_usd,
      );
    // The data account's usage carries no team: the owner's untagged lines hold its $30 of the $90.
    expect((await extraOf(owner, 'team', 'untagged'))[0]).toBeCloseTo((wholeExtra * 30) / 90, 6);
    expect((await extraOf(owner, 'team', 'web,untagged'))[0]).toBeCloseTo(wholeExtra, 6);
    expect((await extraOf(owner, 'env', 'prod'))[0]).toBeCloseTo((wholeExtra * 30 * PROD_SHARE) / 90, 6);
    // Without env: the workload account's lines (tagged team=web) and the data account's untagged days.
    expect((await extraOf(owner, 'env', 'untagged'))[0]).toBeCloseTo(
      (wholeExtra * (60 + 30 * (1 - PROD_SHARE))) / 90,
      6,
    );
    // The Workloads member's usage all carries team=web: none of it is untagged.
    expect(await extraOf(member, 'team', 'untagged')).toEqual([]);

    // The member's scope gains the tag pair env=prod: the data account's odd days, which carry no team.
    const prod = await callAs(server, owner)('POST', '/api/teams', {
      name: 'Prod',
      member_ids: [member.userId],
      scope: { account_ids: [], tags: [{ key: 'env', value: 'prod' }] },
    });
    expect(prod.statusCode, prod.body).toBe(201);
    expect((await forecastOf(ending, member)).commitment_ends[0]?.extra_usd).toBeCloseTo(
      (wholeExtra * (60 + 30 * PROD_SHARE)) / 90,
      6,
    );
    expect((await extraOf(member, 'team', 'untagged'))[0]).toBeCloseTo(
      (wholeExtra * 30 * PROD_SHARE) / 90,
      6,
    );
    expect((await extraOf(member, 'team', 'web'))[0]).toBeCloseTo((wholeExtra * 60) / 90, 6);
    expect((await extraOf(member, 'env', 'prod'))[0]).toBeCloseTo((wholeExtra * 30 * PROD_SHARE) / 90, 6);
    expect((await extraOf(member, 'env', 'untagged'))[0]).toBeCloseTo((wholeExtra * 60) / 90, 6);
  });

  it('weighs no end for the lines without a key in a month whose tag-set days are missing', async () => {
    const extraOf = async (values: string) =>
      (await forecastOf(ending, owner, { tag_key: 'team', selected_tag_values: values })).commitment_ends;
    expect(await extraOf('untagged')).toHaveLength(1);
    // November as a server before decision 142 held it: its tagged lines would all read as untagged.
    const { db } = server.context.database;
    await sql`delete from cost_commitment_tag_days where integration_id = ${ending}`.execute(db);
    await sql`insert into cost_commitment_tag_gaps (organization_id, integration_id, billing_period, reason)
      select organization_id, integration_id, billing_period, 'read-before' from cost_commitment_months
      where integration_id = ${ending} group by organization_id, integration_id, billing_period`.execute(db);
    expect(await extraOf('untagged')).toEqual([]);
    expect(await extraOf('web,untagged')).toEqual([]);
    // The whole view, and a team of accounts, still weigh theirs.
    expect((await forecastOf(ending)).commitment_ends).toHaveLength(1);
    expect(
      (await forecastOf(ending, owner, { tag_key: 'team', selected_tag_values: 'All' })).commitment_ends,
    ).toHaveLength(1);
  });
});
