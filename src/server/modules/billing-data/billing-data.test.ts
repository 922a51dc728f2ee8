import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  eachDay,
  earlierDay,
  type IsoDay,
  isoDayInTimeZone,
  laterDay,
  monthEnd,
  monthStart,
  yearEnd,
  yearStart,
} from '../../../domain/calendar-days.ts';
import { roundToCents } from '../../../domain/money.ts';
import { bearer, multipartFile } from '../../testing/accounts-fixtures.ts';
import { billingDataPath } from '../../testing/billing-data-path.ts';
import { signUpVerifiedOwner, type TestPerson } from '../../testing/billing-fixtures.ts';
import { inviteNewPerson } from '../../testing/organization-fixtures.ts';
import { picoUnits, SCALE } from '../../testing/raw-billing-samples.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fixedClock } from '../../testing/test-clock.ts';

/** One line of the FOCUS file the test uploads; the API's sums are checked against these. */
interface KnownFact {
  day: IsoDay;
  account: string;
  service: string;
  tags: Record<string, string>;
  billed: string;
  effective: string;
}

const WEB_ACCOUNT = '111111111111';
const DATA_ACCOUNT = '222222222222';
// The day the file reads on, for the server too: a run that crosses midnight keeps one today.
const startedAt = new Date();
const today = isoDayInTimeZone(startedAt, 'UTC');
const thisYear = Number(today.slice(0, 4));

/** The most recent Feb 29 no later than this year's. */
const leapYear =
  [0, 1, 2, 3].map((back) => thisYear - back).find((y) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0) ??
  2024;
const leapDay = `${leapYear}-02-29`;
/** The trial's Business plan shows 36 months (src/domain/plans.ts). */
const leapDayVisible = leapDay >= addMonths(monthStart(today), -35) && leapDay <= today;

function factsOf(day: IsoDay, index: number): KnownFact[] {
  const cents = (base: number) =>
    `${base + (index % 7)}.${String(1_234_567_891 + index * 7_919).padStart(10, '0')}`;
  return [
    {
      day,
      account: WEB_ACCOUNT,
      service: 'Amazon Elastic Compute Cloud',
      tags: { team: 'web', env: 'prod' },
      billed: cents(40),
      effective: cents(31),
    },
    {
      day,
      account: DATA_ACCOUNT,
      service: 'Amazon Simple Storage Service',
      tags: { team: 'data' },
      billed: cents(12),
      effective: cents(12),
    },
    { day, account: WEB_ACCOUNT, service: 'AWS Lambda', tags: {}, billed: cents(3), effective: cents(3) },
    {
      day,
      account: DATA_ACCOUNT,
      service: 'Amazon Elastic Compute Cloud',
      tags: { env: 'dev' },
      billed: cents(20),
      effective: cents(9),
    },
  ];
}

const knownDays = [
  ...new Set([
    `${thisYear - 1}-12-30`,
    `${thisYear - 1}-12-31`,
    `${thisYear}-01-01`,
    `${thisYear}-01-02`,
    ...(leapDayVisible ? [`${leapYear}-02-28`, leapDay, `${leapYear}-03-01`] : []),
    ...eachDay(addMonths(monthStart(today), -1), today),
  ]),
].sort();
const facts = knownDays.flatMap((day, index) => factsOf(day, index));

const csvCell = (value: string) => `"${value.replaceAll('"', '""')}"`;
function focusCsv(rows: KnownFact[]): string {
  const header =
    'ChargePeriodStart,BillingPeriodStart,BilledCost,EffectiveCost,BillingCurrency,ChargeCategory,ServiceName,ProviderName,BillingAccountId,SubAccountId,RegionId,Tags';
  const lines = rows.map((fact) =>
    [
      `${fact.day} 00:00:00`,
      `${monthStart(fact.day)} 00:00:00`,
      fact.billed,
      fact.effective,
      'USD',
      'Usage',
      fact.service,
      'AWS',
      WEB_ACCOUNT,
      fact.account,
      'us-east-1',
      csvCell(JSON.stringify(fact.tags)),
    ].join(','),
  );
  return `${header}\n${lines.join('\n')}\n`;
}

/** The exact decimal sum of the matching facts, as the API's number. */
function expected(where: (fact: KnownFact) => boolean, amortized = false): number {
  return usdOf(
    facts.filter(where).reduce((sum, fact) => sum + picoUnits(amortized ? fact.effective : fact.billed), 0n),
  );
}

function usdOf(pico: bigint): number {
  const text = pico.toString().padStart(SCALE + 1, '0');
  return Number(`${text.slice(0, -SCALE)}.${text.slice(-SCALE)}`);
}
const between = (start: IsoDay, end: IsoDay) => (fact: KnownFact) => fact.day >= start && fact.day <= end;

let server: TestApp;
let owner: TestPerson;
let integrationId: string;

async function billingData(person: TestPerson, params: Record<string, string>) {
  return server.app.inject({
    method: 'GET',
    url: billingDataPath(person.userId, params),
    headers: person.headers,
  });
}
const range = (start: IsoDay, end: IsoDay, extra: Record<string, string> = {}) => ({
  start_date: start,
  end_date: end,
  ...extra,
});

/** A new upload integration of the person's organization holding these facts (the known ones unless named). */
async function uploadKnownFacts(person: TestPerson, rows = facts, name = 'Acme AWS'): Promise<string> {
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/integrations',
    headers: person.headers,
    payload: { kind: 'upload', name },
  });
  const id: string = created.json().id;
  expect((await uploadFacts(person, id, rows)).state).toBe('succeeded');
  return id;
}

/** A FOCUS file of these facts uploaded into the integration: the run as the upload answers it. */
async function uploadFacts(person: TestPerson, id: string, rows: KnownFact[]) {
  const { payload, headers } = multipartFile('file', 'focus.csv', Buffer.from(focusCsv(rows)));
  const uploaded = await server.app.inject({
    method: 'POST',
    url: `/api/integrations/${id}/files`,
    headers: { ...person.headers, ...headers },
    payload,
  });
  return uploaded.json();
}

beforeAll(async () => {
  server = await createTestApp({ clock: fixedClock(startedAt.toISOString()) });
  owner = await signUpVerifiedOwner(server, 'finance@acme.test');
  const trial = await server.app.inject({
    method: 'POST',
    url: '/api/billing/trial',
    headers: owner.headers,
  });
  expect(trial.statusCode).toBeLessThan(300);
  integrationId = await uploadKnownFacts(owner);
}, 60_000);
afterAll(() => server.close());

describe('GET /api/billing-data, against the known facts', () => {
  const month = { start: monthStart(today), end: monthEnd(today) };

  it('sums the current month by service, per day, exactly as the facts', async () => {
    const response = await billingData(owner, range(month.start, month.end));
    expect(response.statusCode).toBe(200);
    const data = response.json();
    expect(data).toMatchObject({
      granularity: 'day',
      group_by: 'service',
      currency: 'USD',
      integration: { id: integrationId },
    });
    expect(data.total).toBe(expected(between(month.start, month.end)));
    expect(data.buckets).toHaveLength(eachDay(month.start, month.end).length);
    const todayBucket = data.buckets.find((bucket: { period: string }) => bucket.period === today);
    expect(todayBucket.total).toBe(expected((fact) => fact.day === today));
    expect(todayBucket.amounts['AWS Lambda']).toBe(
      expected((f) => f.day === today && f.service === 'AWS Lambda'),
    );
    const ec2 = data.series.find((series: { key: string }) => series.key === 'Amazon Elastic Compute Cloud');
    expect(ec2.total).toBe(
      expected((f) => between(month.start, month.end)(f) && f.service === 'Amazon Elastic Compute Cloud'),
    );
    expect(data.series[0].key).toBe('Amazon Elastic Compute Cloud');
  });

  it('compares with last month and forecasts the month end when the range holds today', async () => {
    const data = (await billingData(owner, range(month.start, month.end))).json();
    const lastMonth = { start: addMonths(month.start, -1), end: addDays(month.start, -1) };
    // Like for like: the days of last month up to today's day of the month.
    // On the month's last day the range is compared whole with last month (comparablePreviousPeriod).
    const sameDays = addDays(lastMonth.start, daysBetween(month.start, today));
    const comparedEnd = today === month.end ? lastMonth.end : earlierDay(sameDays, lastMonth.end);
    expect(data.previous_period).toMatchObject({ start_date: lastMonth.start, end_date: comparedEnd });
    expect(data.previous_period.total).toBe(expected(between(lastMonth.start, comparedEnd)));
    expect(data.last_month.total).toBe(expected(between(lastMonth.start, lastMonth.end)));
    expect(data.last_month.held).toBe(true);
    const forecast = data.month_end_forecast;
    expect(forecast.month_to_date).toBe(expected(between(month.start, today)));
    expect(forecast.forecast).toBeGreaterThanOrEqual(forecast.month_to_date);
    expect(forecast.lower).toBeLessThanOrEqual(forecast.forecast);
    expect(forecast.upper).toBeGreaterThanOrEqual(forecast.forecast);
    expect(data.tag_keys).toEqual(['env', 'team']);
  });

  it('splits by the values of a tag key, with the spend that lacks it as "untagged"', async () => {
    const inMonth = between(month.start, month.end);
    const data = (await billingData(owner, range(month.start, month.end, { tag_key: 'team' }))).json();
    expect(data.group_by).toBe('tag');
    expect(data.tag_values).toEqual(['data', 'web', 'untagged']);
    const totals = Object.fromEntries(
      data.series.map((s: { key: string; total: number }) => [s.key, s.total]),
    );
    expect(totals).toEqual({
      web: expected((f) => inMonth(f) && f.tags.team === 'web'),
      data: expected((f) => inMonth(f) && f.tags.team === 'data'),
      untagged: expected((f) => inMonth(f) && f.tags.team === undefined),
    });
    expect(data.total).toBe(expected(inMonth));
  });

  it('keeps only the chosen tag values, "untagged" among them', async () => {
    const inMonth = between(month.start, month.end);
    const chosen = (values: string) =>
      billingData(owner, range(month.start, month.end, { tag_key: 'team', selected_tag_values: values }));
    const web = (await chosen('web')).json();
    expect(web.total).toBe(expected((f) => inMonth(f) && f.tags.team === 'web'));
    expect(web.series.map((s: { key: string }) => s.key)).toEqual(['web']);
    const mixed = (await chosen('untagged, web')).json();
    expect(mixed.total).toBe(expected((f) => inMonth(f) && f.tags.team !== 'data'));
  });

  it('answers 304 to a browser that already holds the same answer', async () => {
    const first = await billingData(owner, range(month.start, month.end));
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await server.app.inject({
      method: 'GET',
      url: billingDataPath(owner.userId, range(month.start, month.end)),
      headers: { ...owner.headers, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('shows amortized cost when asked', async () => {
    const data = (await billingData(owner, range(month.start, month.end, { is_amortized: 'true' }))).json();
    expect(data.is_amortized).toBe(true);
    expect(data.total).toBe(expected(between(month.start, month.end), true));
  });

  it('shows a day: both dates the same day', async () => {
    const data = (await billingData(owner, range(today, today))).json();
    expect(data.buckets).toHaveLength(1);
    expect(data.previous_period.through_today).toBe(false);
    expect(data.previous_period.before_visible_history).toBe(false);
    expect(data.total).toBe(expected((f) => f.day === today));
    expect(data.previous_period.total).toBe(expected((f) => f.day === addDays(today, -1)));
  });

  it('shows a year in monthly buckets from the monthly rollups', async () => {
    const data = (await billingData(owner, range(yearStart(today), yearEnd(today)))).json();
    expect(data.granularity).toBe('month');
    expect(data.buckets).toHaveLength(12);
    expect(data.total).toBe(expected(between(yearStart(today), yearEnd(today))));
    const january = data.buckets[0];
    expect(january.total).toBe(expected(between(`${thisYear}-01-01`, `${thisYear}-01-31`)));
    const sameDayLastYear = addDays(`${thisYear - 1}-01-01`, daysBetween(yearStart(today), today));
    const comparedEnd = earlierDay(sameDayLastYear, `${thisYear - 1}-12-31`);
    expect(data.previous_period).toMatchObject({
      start_date: `${thisYear - 1}-01-01`,
      end_date: comparedEnd,
    });
    expect(data.previous_period.total).toBe(expected(between(`${thisYear - 1}-01-01`, comparedEnd)));
  });

  it('crosses a year boundary in daily buckets', async () => {
    const data = (await billingData(owner, range(`${thisYear - 1}-12-30`, `${thisYear}-01-02`))).json();
    expect(data.buckets.map((b: { period: string }) => b.period)).toEqual([
      `${thisYear - 1}-12-30`,
      `${thisYear - 1}-12-31`,
      `${thisYear}-01-01`,
      `${thisYear}-01-02`,
    ]);
    expect(data.buckets[1].total).toBe(expected((f) => f.day === `${thisYear - 1}-12-31`));
    expect(data.total).toBe(expected(between(`${thisYear - 1}-12-30`, `${thisYear}-01-02`)));
  });

  it('sums a long range that starts mid-month exactly (monthly rollups plus daily edges)', async () => {
    const start = addDays(today, -130);
    const data = (await billingData(owner, range(start, today))).json();
    expect(data.granularity).toBe('month');
    expect(data.buckets[0].period).toBe(monthStart(start));
    expect(data.total).toBe(expected(between(start, today)));
  });

  it.runIf(leapDayVisible)('counts the leap day in its month', async () => {
    const data = (await billingData(owner, range(`${leapYear}-02-01`, `${leapYear}-02-29`))).json();
    expect(data.buckets).toHaveLength(29);
    expect(data.buckets[28]).toMatchObject({ period: leapDay, total: expected((f) => f.day === leapDay) });
    expect(data.total).toBe(expected(between(`${leapYear}-02-01`, leapDay)));
  });
});

describe('the dashboard and the alerts read one spend (decision 034)', () => {
  // One organization, one integration, no team scope: a monthly budget on the whole organization
  // judges the same month-to-date the dashboard's forecast card shows. Alerts add days at micro-dollar
  // resolution (src/domain/money.ts), the dashboard adds exact decimals: they agree to the cent.
  const budgetStatus = async (costBasis: 'unblended' | 'amortized') => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/budgets',
      headers: owner.headers,
      payload: { name: `Everything ${costBasis}`, amount_usd: 1_000_000, cost_basis: costBasis },
    });
    expect(created.statusCode).toBe(201);
    // The budget is read once: the team-spend cases below count the organization's budgets.
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/budgets/${created.json().id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    return created.json().status;
  };

  it.each([
    ['unblended', false],
    ['amortized', true],
  ] as const)('month to date, %s: the budget status equals the forecast card', async (basis, amortized) => {
    const status = await budgetStatus(basis);
    const data = (
      await billingData(owner, range(monthStart(today), today, { is_amortized: String(amortized) }))
    ).json();
    expect(status.as_of).toBe(today);
    expect(status.period_start).toBe(data.month_end_forecast.month);
    const exact = expected(between(monthStart(today), today), amortized);
    expect(data.month_end_forecast.month_to_date).toBe(exact);
    expect(roundToCents(status.actual_usd)).toBe(roundToCents(data.month_end_forecast.month_to_date));
    expect(Math.abs(status.actual_usd - exact)).toBeLessThan(
      0.000_001 * eachDay(monthStart(today), today).length,
    );
    expect(data.total).toBe(exact);
  });
});

describe('"today" is the user\'s, in their time zone', () => {
  it('puts the forecast on the range that holds today where the person lives', async () => {
    const setZone = (zone: string) =>
      server.app.inject({
        method: 'PATCH',
        url: '/api/users',
        headers: owner.headers,
        payload: { default_timezone: zone },
      });
    await setZone('Pacific/Kiritimati');
    const kiritimatiToday = isoDayInTimeZone(startedAt, 'Pacific/Kiritimati');
    const early = (await billingData(owner, range(kiritimatiToday, kiritimatiToday))).json();
    expect(early).toMatchObject({ today: kiritimatiToday, time_zone: 'Pacific/Kiritimati' });
    expect(early.month_end_forecast).not.toBeNull();

    await setZone('Pacific/Pago_Pago');
    const late = (await billingData(owner, range(kiritimatiToday, kiritimatiToday))).json();
    expect(late.today).toBe(isoDayInTimeZone(startedAt, 'Pacific/Pago_Pago'));
    expect(late.today < kiritimatiToday).toBe(true);
    expect(late.month_end_forecast).toBeNull();
    await setZone('UTC');
  });
});

/** A member invited by the owner, signed up through the mailed link. */
async function invitedMember(email: string): Promise<TestPerson> {
  const token = owner.headers.authorization.replace('Bearer ', '');
  const person = await inviteNewPerson(
    server,
    { token, userId: owner.userId, email: 'finance@acme.test' },
    { email, role: 'member' },
  );
  return { userId: person.userId, organizationId: owner.organizationId, headers: bearer(person.token) };
}

describe('who sees what', () => {
  const month = { start: monthStart(today), end: monthEnd(today) };
  const inMonth = between(month.start, month.end);

  it('shows a member whose team owns one account only that account', async () => {
    const member = await invitedMember('web-dev@acme.test');
    const team = await server.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: owner.headers,
      payload: { name: 'Web', member_ids: [member.userId], scope: { account_ids: [WEB_ACCOUNT], tags: [] } },
    });
    expect(team.json()).toMatchObject({ name: 'Web' });
    const data = (await billingData(member, range(month.start, month.end))).json();
    expect(data.scoped).toBe(true);
    expect(data.total).toBe(expected((f) => inMonth(f) && f.account === WEB_ACCOUNT));
    const byTeam = (await billingData(member, range(month.start, month.end, { tag_key: 'team' }))).json();
    expect(byTeam.total).toBe(expected((f) => inMonth(f) && f.account === WEB_ACCOUNT));
  });

  it('shows a member whose team owns a tag pair the costs that carry it', async () => {
    const member = await invitedMember('data-dev@acme.test');
    await server.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: owner.headers,
      payload: {
        name: 'Data',
        member_ids: [member.userId],
        scope: { account_ids: [], tags: [{ key: 'team', value: 'data' }] },
      },
    });
    const data = (await billingData(member, range(month.start, month.end))).json();
    expect(data.total).toBe(expected((f) => inMonth(f) && f.tags.team === 'data'));
    const byTeam = (await billingData(member, range(month.start, month.end, { tag_key: 'team' }))).json();
    expect(byTeam.tag_values).toEqual(['data', 'untagged']);
    const byEnv = (await billingData(member, range(month.start, month.end, { tag_key: 'env' }))).json();
    expect(byEnv.series).toEqual([
      { key: 'untagged', total: expected((f) => inMonth(f) && f.tags.team === 'data') },
    ]);
  });

  it("answers 404 for another organization's integration and for someone else's user id", async () => {
    const stranger = await signUpVerifiedOwner(server, 'stranger@other.test');
    const theirs = await billingData(stranger, range(month.start, month.end, { integration: integrationId }));
    expect(theirs.statusCode).toBe(404);
    const none = await billingData(stranger, range(month.start, month.end));
    expect(none.json().Code).toBe('NoIntegration');
    const impersonated = await billingData(
      stranger,
      range(month.start, month.end, { user_id: owner.userId }),
    );
    expect(impersonated.statusCode).toBe(404);
  });

  it('shows a Free organization its last three months, and says when a comparison reaches before them', async () => {
    const free = await signUpVerifiedOwner(server, 'free@acme.test');
    await uploadKnownFacts(free);
    const visibleFrom = addMonths(monthStart(today), -2);
    const data = (await billingData(free, range(yearStart(today), yearEnd(today)))).json();
    expect(data.visible_from).toBe(visibleFrom);
    expect(data.total).toBe(expected(between(laterDay(visibleFrom, yearStart(today)), yearEnd(today))));
    expect(data.previous_period.before_visible_history).toBe(true);
    // When the data itself starts inside the three months (in January and February the facts begin on
    // December 30), the truer reason is that the data starts later (decision 073).
    const dataFrom = monthStart(knownDays[0] as IsoDay);
    expect(data.previous_period.not_compared).toBe(dataFrom >= visibleFrom ? 'before_data' : 'plan_history');
    const month = (await billingData(free, range(monthStart(today), monthEnd(today)))).json();
    expect(month.previous_period.before_visible_history).toBe(false);
    expect(month.previous_period.not_compared).toBeNull();
  });

  it('says where the data starts, and compares no period that begins before it', async () => {
    const firstMonth = monthStart(knownDays[0] as IsoDay);
    const first = (await billingData(owner, range(firstMonth, monthEnd(firstMonth)))).json();
    expect(first.data_from).toBe(firstMonth);
    expect(first.previous_period.start_date).toBe(addMonths(firstMonth, -1));
    expect(first.previous_period.not_compared).toBe('before_data');
    expect(first.previous_period.before_visible_history).toBe(false);
    const now = (await billingData(owner, range(monthStart(today), monthEnd(today)))).json();
    expect(now.data_from).toBe(firstMonth);
    expect(now.previous_period.not_compared).toBeNull();
  });

  it('does not compare with months the data holds no bill for, and names them', async () => {
    const oldMonth = addMonths(monthStart(today), -20);
    const rows = [...factsOf(oldMonth, 0), ...factsOf(monthStart(today), 1)];
    const id = await uploadKnownFacts(owner, rows, 'An old test upload, then the account');
    const view = (start: IsoDay) => billingData(owner, range(start, monthEnd(start), { integration: id }));

    const inTheGap = (await view(addMonths(monthStart(today), -10))).json();
    expect(inTheGap.data_from).toBe(oldMonth);
    expect(inTheGap.previous_period).toMatchObject({
      start_date: addMonths(monthStart(today), -11),
      not_compared: 'data_gap',
      missing_months: [addMonths(monthStart(today), -11)],
    });
    // Nor is last month's $0 a month's spend: its bill was never read.
    expect(inTheGap.last_month).toMatchObject({ total: 0, held: false });
    const afterTheOldUpload = (await view(addMonths(oldMonth, 1))).json();
    expect(afterTheOldUpload.previous_period).toMatchObject({ not_compared: null, missing_months: [] });
    expect(afterTheOldUpload.previous_period.total).toBeGreaterThan(0);
  });

  it('answers 402 Subscription Expired once the trial ended unpaid', async () => {
    const lapsed = await signUpVerifiedOwner(server, 'lapsed@acme.test');
    await server.app.inject({ method: 'POST', url: '/api/billing/trial', headers: lapsed.headers });
    await server.context.database.db
      .updateTable('subscriptions')
      .set({ trial_ends_at: new Date(startedAt.getTime() - 1000) })
      .where('organization_id', '=', lapsed.organizationId)
      .execute();
    const response = await billingData(lapsed, range(month.start, month.end));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ Code: 'SubscriptionExpired', Message: 'Subscription Expired' });
  });
});

describe('every parameter is checked: a 400 names the field', () => {
  const month = { start: monthStart(today), end: monthEnd(today) };
  it.each([
    ['start_date', { start_date: '2024-02-30', end_date: month.end }],
    ['start_date', { start_date: '24-01-01', end_date: month.end }],
    ['end_date', { start_date: month.end, end_date: month.start }],
    ['end_date', { start_date: '2020-01-01', end_date: '2024-01-01' }],
    // A year of months in 9999 would split into months up to 10000-01-01, past four-digit days.
    ['start_date', { start_date: '9999-01-01', end_date: '9999-12-31' }],
    ['end_date', { start_date: '9998-12-01', end_date: '9999-01-31' }],
    ['start_date', { start_date: '1969-12-31', end_date: '1970-01-31' }],
    ['is_amortized', { start_date: month.start, end_date: month.end, is_amortized: 'yes' }],
    ['selected_tag_values', { start_date: month.start, end_date: month.end, selected_tag_values: 'web' }],
    [
      'selected_tag_values',
      { start_date: month.start, end_date: month.end, tag_key: 'team', selected_tag_values: ' , ' },
    ],
    ['tag_key', { start_date: month.start, end_date: month.end, tag_key: '' }],
    ['integration', { start_date: month.start, end_date: month.end, integration: '' }],
  ])('%s', async (field, params) => {
    const response = await billingData(owner, params as Record<string, string>);
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toContain(field);
  });

  it('user_id', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/billing-data?start_date=${month.start}&end_date=${month.end}&integration=default&tag_key=all&selected_tag_values=All&is_amortized=false`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toContain('user_id');
  });
});

describe("GET /api/team-spend/{slug}: a team's own month and budgets", () => {
  const month = { start: monthStart(today), end: monthEnd(today) };
  const lastMonth = { start: addMonths(month.start, -1), end: addDays(month.start, -1) };
  const onWeb = (fact: KnownFact) => fact.account === WEB_ACCOUNT;

  beforeAll(async () => {
    const teams = [
      { name: 'Web spend', slug: 'web-spend', scope: { account_ids: [WEB_ACCOUNT], tags: [] } },
      { name: 'Everyone', slug: 'everyone', scope: { account_ids: [], tags: [] } },
    ];
    for (const payload of teams) {
      const created = await server.app.inject({
        method: 'POST',
        url: '/api/teams',
        headers: owner.headers,
        payload,
      });
      expect(created.statusCode).toBe(201);
    }
    for (const payload of [
      { name: 'Web accounts', amount_usd: 100, filter: { account_ids: [WEB_ACCOUNT] } },
      { name: 'Data accounts', amount_usd: 100, filter: { account_ids: [DATA_ACCOUNT] } },
      { name: 'Everything', amount_usd: 100_000 },
    ]) {
      const created = await server.app.inject({
        method: 'POST',
        url: '/api/budgets',
        headers: owner.headers,
        payload,
      });
      expect(created.statusCode).toBe(201);
    }
  });

  it("sums only the team's accounts, this month and last, and lists only its budgets", async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/team-spend/web-spend',
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    const spend = response.json();
    expect(spend.whole_organization).toBe(false);
    expect(spend.month.integration.id).toBe(integrationId);
    expect(spend.month.month_end_forecast.month_to_date).toBe(
      expected((fact) => onWeb(fact) && between(month.start, today)(fact)),
    );
    expect(spend.month.last_month_total).toBe(
      expected((fact) => onWeb(fact) && between(lastMonth.start, lastMonth.end)(fact)),
    );
    expect(spend.month.last_month_held).toBe(true);
    expect(spend.budgets.map((budget: { name: string }) => budget.name)).toEqual(['Web accounts']);
    expect(spend.budgets[0].state).toBe('exceeded');
  });

  it('says when a team owns no scope: its figures are the whole organization', async () => {
    const spend = (
      await server.app.inject({ method: 'GET', url: '/api/team-spend/everyone', headers: owner.headers })
    ).json();
    expect(spend.whole_organization).toBe(true);
    expect(spend.month.month_end_forecast.month_to_date).toBe(expected(between(month.start, today)));
    expect(spend.budgets).toEqual([]);
  });

  it("shows a member who sees only their teams' spend their own team's, and no other team's", async () => {
    const reader = await invitedMember('web-reader@acme.test');
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: owner.headers,
      payload: {
        name: 'Web readers',
        slug: 'web-readers',
        member_ids: [reader.userId],
        scope: { account_ids: [WEB_ACCOUNT], tags: [] },
      },
    });
    expect(created.statusCode).toBe(201);
    const spendOf = (slug: string) =>
      server.app.inject({ method: 'GET', url: `/api/team-spend/${slug}`, headers: reader.headers });
    expect((await spendOf('web-readers')).statusCode).toBe(200);
    for (const other of ['web-spend', 'everyone']) {
      const refused = await spendOf(other);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().Code).toBe('NotFound');
    }
    // Nor the budgets on spend beyond their view: the organization's whole spend or another account.
    const asReader = (url: string) => server.app.inject({ method: 'GET', url, headers: reader.headers });
    const listed = (await asReader('/api/budgets')).json().budgets as Array<{ id: string; name: string }>;
    expect(listed.map((budget) => budget.name)).toEqual(['Web accounts']);
    const all = (
      await server.app.inject({ method: 'GET', url: '/api/budgets', headers: owner.headers })
    ).json().budgets as Array<{ id: string; name: string }>;
    expect(all.map((budget) => budget.name).sort()).toEqual(['Data accounts', 'Everything', 'Web accounts']);
    for (const budget of all)
      expect((await asReader(`/api/budgets/${budget.id}`)).statusCode).toBe(
        budget.name === 'Web accounts' ? 200 : 404,
      );
  });

  it("answers 404 for a slug no team of the caller's organization has", async () => {
    const stranger = await signUpVerifiedOwner(server, 'someone@elsewhere.test');
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/team-spend/web-spend',
      headers: stranger.headers,
    });
    expect(response.statusCode).toBe(404);
    const invalid = await server.app.inject({
      method: 'GET',
      url: '/api/team-spend/Not_A_Slug',
      headers: owner.headers,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().Message).toContain('slug');
  });
});

describe('after an ingest, the views people have open are computed before the run ends (decision 066)', () => {
  const thisMonth = range(monthStart(today), monthEnd(today));
  const lastMonth = range(addMonths(monthStart(today), -1), addDays(monthStart(today), -1));

  /** The facts of a range again, every amount ten times its bill. */
  const tenfold = (start: IsoDay, end: IsoDay) =>
    facts.filter(between(start, end)).map((fact) => {
      const [whole, fraction = ''] = fact.billed.split('.');
      return { ...fact, billed: `${whole}${fraction.slice(0, 1)}.${fraction.slice(1)}` };
    });
  const totalOf = (rows: KnownFact[]) => usdOf(rows.reduce((sum, fact) => sum + picoUnits(fact.billed), 0n));

  async function ownerWithKnownFacts(email: string) {
    const person = await signUpVerifiedOwner(server, email);
    const trial = await server.app.inject({
      method: 'POST',
      url: '/api/billing/trial',
      headers: person.headers,
    });
    expect(trial.statusCode).toBeLessThan(300);
    return { person, id: await uploadKnownFacts(person) };
  }

  it('answers the new facts at once, computed ahead, and computes a view nobody had open on request', async () => {
    const { person, id } = await ownerWithKnownFacts('refresh@ahead.test');
    expect((await billingData(person, thisMonth)).json().total).toBe(
      expected(between(thisMonth.start_date, today)),
    );
    const replacement = tenfold(thisMonth.start_date, today);
    expect((await uploadFacts(person, id, replacement)).state).toBe('succeeded');

    // The run has ended. Every cost row of the integration now goes: an answer computed on request
    // would show nothing, so the open view's new total comes from the answer computed ahead.
    const { db } = server.context.database;
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.columns
      where column_name = 'integration_id' and table_name like 'cost\\_%' and table_schema = 'public'`.execute(
      db,
    );
    for (const { table_name } of tables.rows)
      await sql`delete from ${sql.table(table_name)} where integration_id = ${id}`.execute(db);
    const open = (await billingData(person, thisMonth)).json();
    expect(open.total).toBe(totalOf(replacement));
    expect(open.total).toBeCloseTo(10 * expected(between(thisMonth.start_date, today)), 6);
    expect((await billingData(person, lastMonth)).json().total).toBe(0);
  });

  it('shows the months a failed run replaced, and the old figures of the months it did not', async () => {
    const { person, id } = await ownerWithKnownFacts('partly@replaced.test');
    const before = {
      last: (await billingData(person, lastMonth)).json().total,
      current: (await billingData(person, thisMonth)).json().total,
    };
    expect(before.last).toBe(expected(between(lastMonth.start_date, lastMonth.end_date)));
    // Last month is swapped first and commits; this month's swap then fails.
    const { db } = server.context.database;
    await sql`create function refuse_this_month() returns trigger language plpgsql as $$
      begin
        if new.integration_id = ${sql.lit(id)} and new.billing_period = ${sql.lit(thisMonth.start_date)}::date then
          raise exception 'this month cannot be written';
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger refuse_this_month before insert on cost_daily_facts
      for each row execute function refuse_this_month()`.execute(db);
    try {
      const replacement = tenfold(lastMonth.start_date, today);
      const run = await uploadFacts(person, id, replacement);
      expect(run.state).toBe('failed');
      expect(JSON.stringify(run)).toContain(`${lastMonth.start_date.slice(0, 7)} had already been replaced`);
      expect((await billingData(person, lastMonth)).json().total).toBe(
        totalOf(replacement.filter(between(lastMonth.start_date, lastMonth.end_date))),
      );
      expect((await billingData(person, thisMonth)).json().total).toBe(before.current);
    } finally {
      await sql`drop trigger refuse_this_month on cost_daily_facts`.execute(db);
      await sql`drop function refuse_this_month`.execute(db);
    }
  });
});
