import { describe, expect, it } from 'vitest';
import {
  evaluateLiveSpendRule,
  firedConditionsOf,
  type LiveSpendReading,
  type LiveSpendRuleInput,
  liveRateOf,
  liveSpendDedupeKey,
  type MeteredBudget,
  meteredAdditionToBudget,
  meteredChargeNames,
  usualRateHistory,
  usualRateOf,
} from './live-spend-alerts.ts';
import { ownerFromTags } from './metered-owner.ts';

const AT = Date.parse('2026-12-07T10:30:00Z');

function reading(overrides: Partial<LiveSpendReading> = {}): LiveSpendReading {
  return {
    quantityPerHour: overrides.lastHourQuantity ?? 182,
    recent: null,
    key: 'int-1/us-east-1/nat-gateway-data-processed/nat-0abc',
    integrationId: 'int-1',
    accountId: '111111111111',
    region: 'us-east-1',
    charge: 'nat-gateway-data-processed',
    ...meteredChargeNames('nat-gateway-data-processed'),
    resourceId: 'nat-0abc',
    lastHourQuantity: 182,
    unit: 'GB',
    usdPerHour: 8.19,
    usdPerDay: 196.56,
    lastDatapointAtMs: AT - 10 * 60_000,
    tags: {},
    owner: { kind: 'no-owner-tag' },
    sameHourPastWeeks: [],
    pastDayHours: [],
    ...overrides,
  };
}

function input(overrides: Partial<LiveSpendRuleInput> = {}): LiveSpendRuleInput {
  return {
    ruleId: 'rule-1',
    conditions: {},
    filter: { accountIds: [], services: [], tag: null },
    readings: [reading()],
    budgets: [],
    atMs: AT,
    alreadyFired: new Set(),
    ...overrides,
  };
}

describe('a resource above an amount an hour', () => {
  it('fires once for the day, and not again on the next read', () => {
    const first = evaluateLiveSpendRule(input({ conditions: { resourceAbove: { usdPerHour: 5 } } }));
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      subject: 'resource',
      dedupeKey: `live-spend:rule-1:2026-12-07:above:resource/${reading().key}`,
      above: { limit: 5 },
    });
    const again = evaluateLiveSpendRule(
      input({
        conditions: { resourceAbove: { usdPerHour: 5 } },
        alreadyFired: new Set([first[0]!.dedupeKey]),
      }),
    );
    expect(again).toEqual([]);
  });

  it('fires again the next day, for the next period', () => {
    const fired = new Set([
      liveSpendDedupeKey('rule-1', '2026-12-07', ['above'], `resource/${reading().key}`),
    ]);
    const nextDay = evaluateLiveSpendRule(
      input({ conditions: { resourceAbove: { usdPerHour: 5 } }, alreadyFired: fired, atMs: AT + 86_400_000 }),
    );
    expect(nextDay.map((firing) => firing.dedupeKey)).toEqual([
      `live-spend:rule-1:2026-12-08:above:resource/${reading().key}`,
    ]);
  });

  it('does not fire at the amount exactly, nor for a resource whose price is unknown', () => {
    expect(evaluateLiveSpendRule(input({ conditions: { resourceAbove: { usdPerHour: 8.19 } } }))).toEqual([]);
    const unpriced = reading({ usdPerHour: null, usdPerDay: null, priceUnknownReason: 'no price for xx-1' });
    expect(
      evaluateLiveSpendRule(
        input({ conditions: { resourceAbove: { usdPerHour: 0.01 } }, readings: [unpriced] }),
      ),
    ).toEqual([]);
  });

  it('says what the rate adds to the month if it goes on', () => {
    const [firing] = evaluateLiveSpendRule(input({ conditions: { resourceAbove: { usdPerHour: 5 } } }));
    // 7 December 10:30 to 1 January 00:00 is 24 days and 13.5 hours: 589.5 hours at $8.19.
    expect(firing?.subject === 'resource' && firing.monthEnd).toEqual({
      addsUsd: 4828.01,
      aboveUsualUsd: null,
      monthEndMs: Date.parse('2027-01-01T00:00:00Z'),
    });
  });
});

describe('the usual rate', () => {
  it('is the median of the same hour in earlier weeks once two weeks have data', () => {
    expect(usualRateOf(reading({ sameHourPastWeeks: [10, null, 12, 100], pastDayHours: [1, 1] }))).toEqual({
      quantity: 12,
      usdPerHour: 0.54,
      basis: 'hour-of-week',
      samples: 3,
    });
  });

  it('falls back to the median hour of the past day with twelve hours, and is unknown with fewer', () => {
    const hours = Array.from({ length: 12 }, (_, index) => 4 + (index % 2));
    expect(usualRateOf(reading({ sameHourPastWeeks: [4], pastDayHours: hours }))).toMatchObject({
      quantity: 4.5,
      basis: 'past-day',
      samples: 12,
    });
    expect(usualRateOf(reading({ sameHourPastWeeks: [4], pastDayHours: hours.slice(1) }))).toBeNull();
  });
});

describe('more than N times the usual rate, with a minimum', () => {
  const usual = { usualMultiple: { multiple: 3, minUsdPerHour: 5 } };

  it('fires when the rate is more than N times usual and at least the minimum', () => {
    const [firing] = evaluateLiveSpendRule(
      input({ conditions: usual, readings: [reading({ sameHourPastWeeks: [10, 10] })] }),
    );
    expect(firing).toMatchObject({ subject: 'resource', usual: { multiple: 3, minUsdPerHour: 5 } });
    expect(firing?.subject === 'resource' && firing.usual?.times).toBeCloseTo(18.2, 1);
    expect(firing?.subject === 'resource' && firing.monthEnd.aboveUsualUsd).toBe(4562.73);
  });

  it('does not fire under the minimum, at N times or less, or without a usual rate', () => {
    const small = reading({ lastHourQuantity: 60, usdPerHour: 2.7, sameHourPastWeeks: [1, 1] });
    expect(evaluateLiveSpendRule(input({ conditions: usual, readings: [small] }))).toEqual([]);
    const steady = reading({ sameHourPastWeeks: [61, 61] });
    expect(evaluateLiveSpendRule(input({ conditions: usual, readings: [steady] }))).toEqual([]);
    expect(evaluateLiveSpendRule(input({ conditions: usual }))).toEqual([]);
  });

  it('fires with the amount condition in one alert, and each condition counts as fired after', () => {
    const both = { ...usual, resourceAbove: { usdPerHour: 5 } };
    const withHistory = reading({ sameHourPastWeeks: [10, 10] });
    const [firing] = evaluateLiveSpendRule(input({ conditions: both, readings: [withHistory] }));
    expect(firing?.dedupeKey).toBe(`live-spend:rule-1:2026-12-07:above+usual:resource/${withHistory.key}`);
    const fired = new Set([firing!.dedupeKey]);
    expect([...firedConditionsOf(fired, 'rule-1', '2026-12-07', `resource/${withHistory.key}`)]).toEqual([
      'above',
      'usual',
    ]);
    expect(
      evaluateLiveSpendRule(input({ conditions: both, readings: [withHistory], alreadyFired: fired })),
    ).toEqual([]);
  });
});

describe('a service above an amount an hour', () => {
  it('sums its resources, leaves the unpriced out, and fires once a day', () => {
    const readings = [
      reading({ key: 'a', resourceId: 'nat-a', usdPerHour: 3 }),
      reading({ key: 'b', resourceId: 'nat-b', usdPerHour: 4 }),
      reading({ key: 'c', resourceId: 'nat-c', usdPerHour: null, priceUnknownReason: 'no price' }),
    ];
    const [firing] = evaluateLiveSpendRule(
      input({ conditions: { serviceAbove: { usdPerHour: 6 } }, readings }),
    );
    expect(firing).toMatchObject({
      subject: 'service',
      serviceLabel: 'Amazon VPC (NAT gateway data)',
      usdPerHour: 7,
      dedupeKey: 'live-spend:rule-1:2026-12-07:service:service/Amazon VPC (NAT gateway data)',
    });
    expect(firing?.subject === 'service' && firing.readings.map((r) => r.resourceId)).toEqual([
      'nat-b',
      'nat-a',
    ]);
    expect(firing?.subject === 'service' && firing.unpriced.map((r) => r.resourceId)).toEqual(['nat-c']);
  });
});

describe('the live run-rate carrying a budget over', () => {
  const budget: MeteredBudget = {
    id: 'budget-1',
    name: 'Network',
    amount: 10_000,
    projectionWithoutMeter: 6_000,
    commitmentEnds: [],
    periodKey: '2026-12',
    periodStartMs: Date.parse('2026-12-01T00:00:00Z'),
    periodEndMs: Date.parse('2027-01-01T00:00:00Z'),
    watches: () => true,
  };
  const leaking = reading({ sameHourPastWeeks: [2, 2] });

  it('counts only what runs above the usual rate, to the period end', () => {
    // $8.19 now, usual 2 GB = $0.09: $8.10 more an hour for 589.5 hours.
    expect(meteredAdditionToBudget([leaking], budget, AT).usd).toBe(4774.95);
    expect(meteredAdditionToBudget([reading()], budget, AT).usd).toBe(0);
  });

  it('fires once for the period when the meter is what carries the budget over', () => {
    const [firing] = evaluateLiveSpendRule(
      input({ conditions: { budgets: true }, readings: [leaking], budgets: [budget] }),
    );
    expect(firing).toMatchObject({
      subject: 'budget',
      dedupeKey: 'live-spend:rule-1:2026-12:budget:budget/budget-1',
      meteredUsd: 4774.95,
      projected: 10774.95,
    });
    expect(
      evaluateLiveSpendRule(
        input({
          conditions: { budgets: true },
          readings: [leaking],
          budgets: [budget],
          alreadyFired: new Set([firing!.dedupeKey]),
        }),
      ),
    ).toEqual([]);
  });

  it('stays silent when the budget was over without the meter, or stays under with it', () => {
    const over = { ...budget, projectionWithoutMeter: 10_001 };
    const roomy = { ...budget, amount: 20_000 };
    for (const judged of [over, roomy])
      expect(
        evaluateLiveSpendRule(
          input({ conditions: { budgets: true }, readings: [leaking], budgets: [judged] }),
        ),
      ).toEqual([]);
  });
});

describe('the rule filter', () => {
  it('takes in accounts, services and a known tag only', () => {
    const conditions = { resourceAbove: { usdPerHour: 1 } };
    const judged = (filter: LiveSpendRuleInput['filter'], tags: Record<string, string> = {}) =>
      evaluateLiveSpendRule(input({ conditions, filter, readings: [reading({ tags })] })).length;
    expect(judged({ accountIds: ['222222222222'], services: [], tag: null })).toBe(0);
    expect(judged({ accountIds: ['111111111111'], services: ['EC2 - Other'], tag: null })).toBe(1);
    expect(judged({ accountIds: [], services: ['AmazonRDS'], tag: null })).toBe(0);
    expect(judged({ accountIds: [], services: [], tag: { key: 'team', value: 'web' } })).toBe(0);
    expect(
      judged({ accountIds: [], services: [], tag: { key: 'team', value: 'web' } }, { team: 'web' }),
    ).toBe(1);
  });

  it('names a charge it does not know yet by itself', () => {
    expect(meteredChargeNames('bedrock-tokens')).toMatchObject({ serviceLabel: 'bedrock-tokens' });
  });
});

describe('the owner from tags', () => {
  it('is the first owner tag with a value, or nobody', () => {
    expect(ownerFromTags({ team: 'payments', owner: ' ' })).toEqual({ key: 'team', value: 'payments' });
    expect(ownerFromTags({ Name: 'egress' })).toBeNull();
  });
});

describe('the history of a usual rate', () => {
  const period = (msBefore: number, quantity: number) => ({ periodStartMs: AT - msBefore, quantity });
  const HOUR = 3_600_000;
  const WEEK = 7 * 24 * HOUR;

  it('sums the same hour of earlier weeks and each complete hour of the past day', () => {
    const periods = [
      period(WEEK + 30 * 60_000, 5),
      period(WEEK + 5 * 60_000, 6),
      period(3 * WEEK + 10 * 60_000, 2),
      period(HOUR + 10 * 60_000, 4),
      period(2 * HOUR + 10 * 60_000, 3),
    ];
    expect(usualRateHistory(periods, AT, AT - 4 * WEEK)).toEqual({
      sameHourPastWeeks: [11, null, 2, null],
      pastDayHours: [4, 3],
    });
  });

  it('leaves out hours before the first stored period', () => {
    const periods = [period(HOUR + 10 * 60_000, 4), period(2 * HOUR + 10 * 60_000, 3)];
    expect(usualRateHistory(periods, AT, AT - 2 * HOUR)).toEqual({
      sameHourPastWeeks: [null, null, null, null],
      pastDayHours: [4],
    });
  });
});

describe('the live pace', () => {
  const FIVE = 5 * 60_000;
  const period = (endsBefore: number, quantity: number) => ({
    periodStartMs: AT - endsBefore - FIVE,
    quantity,
  });
  const lastHour = { quantity: 30, usd: 1.35 };

  it('is the latest five-minute period per hour, priced as the last hour was', () => {
    expect(liveRateOf(lastHour, [period(0, 15), period(FIVE, 0), period(2 * FIVE, 0)], AT, FIVE)).toEqual({
      quantityPerHour: 180,
      recent: { quantity: 15, minutes: 5, endMs: AT },
      usdPerHour: 8.1,
      usdPerDay: 194.4,
    });
  });

  it('is the latest two one-minute periods, so that a single minute never counts alone', () => {
    const MINUTE = 60_000;
    const minute = (endsBefore: number, quantity: number) => ({
      periodStartMs: AT - endsBefore - MINUTE,
      quantity,
    });
    expect(
      liveRateOf(lastHour, [minute(0, 3), minute(MINUTE, 0), minute(2 * MINUTE, 9)], AT, MINUTE),
    ).toEqual({
      quantityPerHour: 90,
      recent: { quantity: 3, minutes: 2, endMs: AT },
      usdPerHour: 4.05,
      usdPerDay: 97.2,
    });
  });

  it('is the last hour without a period in the last half hour, and unpriced when the hour is', () => {
    expect(liveRateOf(lastHour, [period(40 * 60_000, 15)], AT, FIVE)).toMatchObject({
      quantityPerHour: 30,
      recent: null,
      usdPerHour: 1.35,
    });
    expect(liveRateOf({ quantity: 30, usd: null }, [period(0, 15)], AT, FIVE).usdPerHour).toBeNull();
  });
});
