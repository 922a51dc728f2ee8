import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountIdOf,
  generateLargeTenant,
  type LargeTenantShape,
} from '../../../../bench/support/large-tenant-facts.ts';
import {
  addDays,
  addMonths,
  isoDayInTimeZone,
  monthEnd,
  monthStart,
  yearEnd,
} from '../../../domain/calendar-days.ts';
import { type CostScope, costScopeOf } from '../../../domain/cost-scope.ts';
import { billingDataPath } from '../../testing/billing-data-path.ts';
import {
  callAs,
  inviteNewPerson,
  type Person,
  signUpVerified,
  startBusinessTrial,
} from '../../testing/organization-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fixedClock } from '../../testing/test-clock.ts';
import { type CostSlice, createCostSlices, NO_FILTER } from '../cost-data/cost-slices.service.ts';

/**
 * A member whose team owns tag pairs alone reads its daily history (the forecast's 430 days, the month's
 * days) from the tag sets' daily totals, summed over accounts and services (decision 128). A team with
 * the same pairs and one account that has no spend sees the same lines, but its reads name an account,
 * so they sum the tag-set rollups per account and service as before: both answers must be the same to
 * the cent, and equal to the facts that carry a pair. The history is generated over 15 months, so the
 * forecast's history spans more than a year; few tag values, so lines of several accounts and services
 * share a tag set.
 */
const SHAPE: LargeTenantShape = {
  months: 15,
  accounts: 4,
  services: 6,
  resources: 24,
  tagValues: 3,
  commitments: 0,
  // Each month's cost centers are its own, so a picker that read a month too many or too few would differ.
  costCenterShift: 3,
};
const PAIRS = [
  { key: 'team', value: 'team-001' },
  { key: 'project', value: 'project-002' },
];
const IDLE_ACCOUNT = '999999999999';

/** The test's clock stands still: the server and the test agree on today even at a month's last second. */
const clock = fixedClock(new Date().toISOString());
let today: string;
let server: TestApp;
let integrationId: string;
let organizationId: string;
let pairsOnly: Person;
let pairsAndIdleAccount: Person;

async function billingData(person: Person, start: string, end: string, extra: Record<string, string> = {}) {
  const response = await callAs(server, person)(
    'GET',
    billingDataPath(person.userId, { start_date: start, end_date: end, ...extra }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/**
 * What a picker offered before decision 128 reached it: the distinct values of a column over every daily
 * tag-set row in the scope since the start.
 */
async function everyDayInScope(
  scope: CostScope & { restricted: true },
  start: string,
  column: RawBuilder<unknown>,
) {
  const inScope = sql.join(
    [
      ...(scope.accountIds.length > 0 ? [sql`usage_account_id in (${sql.join(scope.accountIds)})`] : []),
      ...scope.tags.map((pair) => sql`tags @> jsonb_build_object(${pair.key}::text, ${pair.value}::text)`),
    ],
    sql` or `,
  );
  const result = await sql<{
    value: string;
  }>`select distinct ${column} as value from cost_daily_tag_set_rollups
    where integration_id = ${integrationId} and usage_date >= ${start}::date and (${inScope})
      and ${column} is not null order by 1`.execute(server.context.database.db);
  return result.rows.map((row) => row.value);
}

/** The facts that carry one of the pairs over the days, summed in SQL (billed cost). */
async function factsCarryingAPair(start: string, end: string): Promise<number> {
  const carries = sql.join(
    PAIRS.map((pair) => sql`tags @> jsonb_build_object(${pair.key}::text, ${pair.value}::text)`),
    sql` or `,
  );
  const result = await sql<{ usd: string }>`select coalesce(sum(unblended_cost), 0)::text as usd
    from cost_daily_facts where integration_id = ${integrationId}
      and usage_date between ${start}::date and ${end}::date and (${carries})`.execute(
    server.context.database.db,
  );
  return Number(result.rows[0]?.usd);
}

beforeAll(async () => {
  server = await createTestApp({ clock });
  today = isoDayInTimeZone(server.context.clock.now(), 'UTC');
  const owner = await signUpVerified(server, 'owner@tag-set-totals.test');
  await startBusinessTrial(server, owner);
  const as = callAs(server, owner);
  const integration = await as('POST', '/api/integrations', { kind: 'upload', name: 'Generated' });
  integrationId = integration.json().id;
  const me = await as('GET', '/api/users/me');
  organizationId = me.json().organization.id;
  const { db } = server.context.database;
  await generateLargeTenant(db, { organizationId, integrationId }, today, SHAPE);
  pairsOnly = await inviteNewPerson(server, owner, { email: 'pairs@tag-set-totals.test', role: 'member' });
  pairsAndIdleAccount = await inviteNewPerson(server, owner, {
    email: 'pairs-and-account@tag-set-totals.test',
    role: 'member',
  });
  for (const [name, member, accountIds] of [
    ['Pairs', pairsOnly, []],
    ['Pairs and an idle account', pairsAndIdleAccount, [IDLE_ACCOUNT]],
  ] as const) {
    const team = await as('POST', '/api/teams', {
      name,
      member_ids: [member.userId],
      scope: { account_ids: accountIds, tags: PAIRS },
    });
    expect(team.statusCode, team.body).toBe(201);
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("a tag-scoped member's history from the tag sets' daily totals", () => {
  it('holds fewer rows than the tag-set rollups: lines of several accounts and services share a tag set', async () => {
    const { db } = server.context.database;
    const count = async (table: 'cost_daily_tag_set_totals' | 'cost_daily_tag_set_rollups') =>
      Number(
        (
          await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}
            where integration_id = ${integrationId}`.execute(db)
        ).rows[0]?.n,
      );
    const totals = await count('cost_daily_tag_set_totals');
    expect(totals).toBeGreaterThan(0);
    expect(totals).toBeLessThan(await count('cost_daily_tag_set_rollups'));
  });

  it('answers the year view, its forecast and previous year the same to the cent as the reads per account', async () => {
    const start = `${today.slice(0, 4)}-01-01`;
    const end = yearEnd(today);
    const year = await billingData(pairsOnly, start, end);
    expect(year.scoped).toBe(true);
    expect(year.month_end_forecast?.method).toBe('seasonal-trend');
    expect(year.month_end_forecast?.forecast).toBeGreaterThan(0);
    expect(year.total).toBe(await factsCarryingAPair(start, today));
    expect(year).toEqual(await billingData(pairsAndIdleAccount, start, end));
  });

  it('answers the month view by day, by provider and by tag value the same way', async () => {
    const start = monthStart(today);
    const end = monthEnd(today);
    const cuts: Array<Record<string, string>> = [{}, { group_by: 'provider' }, { tag_key: 'cost-center' }];
    for (const extra of cuts) {
      const month = await billingData(pairsOnly, start, end, extra);
      expect(month.total, JSON.stringify(extra)).toBe(await factsCarryingAPair(start, today));
      expect(month.buckets.length).toBeGreaterThan(0);
      expect(month, JSON.stringify(extra)).toEqual(await billingData(pairsAndIdleAccount, start, end, extra));
    }
    const lastMonth = addMonths(start, -1);
    const previous = await billingData(pairsOnly, lastMonth, monthEnd(lastMonth));
    expect(previous.total).toBe(await factsCarryingAPair(lastMonth, monthEnd(lastMonth)));
  });

  it("offers in the pickers the tag values and providers of the scope's lines on every day since the start", async () => {
    const slices = createCostSlices(server.context.database.db);
    const scopes = {
      'pairs alone (months, then the days of the tag sets’ totals)': costScopeOf('member', [
        { accountIds: [], tags: PAIRS },
      ]),
      'pairs and an account (months, then the days of the tag-set rollups)': costScopeOf('member', [
        { accountIds: [accountIdOf(1)], tags: PAIRS },
      ]),
    };
    const starts = [
      addMonths(monthStart(today), -14),
      addDays(addMonths(monthStart(today), -6), 9),
      addDays(monthStart(today), Math.min(9, Number(today.slice(8)) - 1)),
    ];
    for (const [name, scope] of Object.entries(scopes)) {
      if (!scope.restricted) throw new Error('a member of a team with a scope is restricted');
      for (const start of starts) {
        const slice: CostSlice = {
          organizationId,
          integrations: [integrationId],
          scope,
          filter: NO_FILTER,
          start,
          end: monthEnd(today),
          basis: 'unblended',
        };
        const context = `${name}, since ${start}`;
        for (const key of ['team', 'project', 'cost-center']) {
          const values = await slices.tagValues(slice, key);
          expect(values.length, `${context}, ${key}`).toBeGreaterThan(0);
          expect(values, `${context}, ${key}`).toEqual(
            await everyDayInScope(scope, start, sql`tags ->> ${key}`),
          );
        }
        const providers = await slices.providers(slice);
        const everyDay = await everyDayInScope(scope, start, sql.ref('provider'));
        expect([...providers].sort(), context).toEqual(everyDay.sort());
      }
    }
  });
});
