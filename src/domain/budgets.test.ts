import { describe, expect, it } from 'vitest';
import {
  type Budget,
  budgetAlertDedupeKey,
  budgetPeriodFor,
  budgetThresholdStates,
  DEFAULT_BUDGET_THRESHOLDS,
  evaluateBudgetThresholds,
  worstThresholdState,
} from './budgets.ts';
import { isoDayInTimeZone } from './calendar-days.ts';

const budget: Budget = { id: 'b1', amount: 1000, period: 'monthly', thresholds: DEFAULT_BUDGET_THRESHOLDS };
const firedIds = (fired: { threshold: { id: string } }[]) => fired.map((f) => f.threshold.id);
const evaluate = (
  actualSpend: number,
  forecastSpend: number | null,
  alreadyFired: string[] = [],
  today = '2026-11-22',
) =>
  evaluateBudgetThresholds({
    budget,
    today,
    actualSpend,
    forecastSpend,
    alreadyFired: new Set(alreadyFired),
  });

describe('budget periods', () => {
  it('a monthly budget runs over the calendar month', () => {
    expect(budgetPeriodFor('2026-11-22', 'monthly')).toEqual({
      start: '2026-11-01',
      end: '2026-11-30',
      key: '2026-11',
    });
    expect(budgetPeriodFor('2024-02-29', 'monthly')).toEqual({
      start: '2024-02-01',
      end: '2024-02-29',
      key: '2024-02',
    });
  });
  it('a quarterly budget runs over the calendar quarter', () => {
    expect(budgetPeriodFor('2026-11-22', 'quarterly')).toEqual({
      start: '2026-10-01',
      end: '2026-12-31',
      key: '2026-Q4',
    });
    expect(budgetPeriodFor('2027-01-01', 'quarterly').key).toBe('2027-Q1');
  });
  it('a yearly budget runs over the calendar year', () => {
    expect(budgetPeriodFor('2026-11-22', 'yearly')).toEqual({
      start: '2026-01-01',
      end: '2026-12-31',
      key: '2026',
    });
  });
});

describe('the default thresholds', () => {
  it('are 50, 80 and 100% of actual spend and 100% of forecasted spend', () => {
    expect(DEFAULT_BUDGET_THRESHOLDS.map((t) => `${t.basis} ${t.percent}`)).toEqual([
      'actual 50',
      'actual 80',
      'actual 100',
      'forecast 100',
    ]);
  });
});

describe('when budget thresholds fire', () => {
  it('fires nothing below 50% with a forecast under budget', () => {
    expect(evaluate(499.99, 900)).toEqual([]);
  });
  it('fires at exactly the threshold amount', () => {
    expect(firedIds(evaluate(500, 900))).toEqual(['actual-50']);
    expect(firedIds(evaluate(800, 990, ['budget:b1:2026-11:actual-50']))).toEqual(['actual-80']);
  });
  it('fires on the forecast when it reaches the budget before spend does', () => {
    expect(firedIds(evaluate(400, 1000))).toEqual(['forecast-100']);
    expect(firedIds(evaluate(400, 999.999999))).toEqual([]);
  });
  it('ignores forecast thresholds when no forecast could be made', () => {
    expect(firedIds(evaluate(600, null))).toEqual(['actual-50']);
  });
  it('fires every threshold crossed at once, lowest first', () => {
    expect(firedIds(evaluate(1200, 1500))).toEqual(['actual-50', 'actual-80', 'actual-100', 'forecast-100']);
  });
  it('gives each firing its dedupe key: budget, period, threshold', () => {
    const [fired] = evaluate(500, 900);
    expect(fired!.dedupeKey).toBe('budget:b1:2026-11:actual-50');
    expect(fired!.dedupeKey).toBe(budgetAlertDedupeKey('b1', '2026-11', 'actual-50'));
    expect(fired).toMatchObject({ spend: 500, thresholdAmount: 500, percentOfBudget: 50 });
  });
});

describe('alerting once per threshold per period', () => {
  it('does not fire a threshold already fired this period', () => {
    const fired = evaluate(1200, 1500).map((f) => f.dedupeKey);
    expect(evaluate(1300, 1600, fired)).toEqual([]);
  });
  it('fires again in the next period, which starts fresh', () => {
    const firedInNovember = evaluate(1200, 1500).map((f) => f.dedupeKey);
    expect(firedIds(evaluate(600, 900, firedInNovember, '2026-12-01'))).toEqual(['actual-50']);
  });
  it("rolls into the new period at the user's midnight, not UTC's", () => {
    const instant = new Date('2026-11-30T23:30:00Z');
    const firedInNovember = evaluate(1200, 1500).map((f) => f.dedupeKey);
    const inTokyo = evaluate(600, 900, firedInNovember, isoDayInTimeZone(instant, 'Asia/Tokyo'));
    const inLosAngeles = evaluate(
      600,
      900,
      firedInNovember,
      isoDayInTimeZone(instant, 'America/Los_Angeles'),
    );
    expect(inTokyo.map((f) => f.dedupeKey)).toEqual(['budget:b1:2026-12:actual-50']);
    expect(inLosAngeles).toEqual([]);
  });
  it('keeps a quarterly threshold quiet for the rest of the quarter across month ends', () => {
    const quarterly: Budget = { ...budget, period: 'quarterly' };
    const inOctober = evaluateBudgetThresholds({
      budget: quarterly,
      today: '2026-10-20',
      actualSpend: 500,
      forecastSpend: 900,
      alreadyFired: new Set(),
    });
    const inNovember = evaluateBudgetThresholds({
      budget: quarterly,
      today: '2026-11-02',
      actualSpend: 550,
      forecastSpend: 900,
      alreadyFired: new Set(inOctober.map((f) => f.dedupeKey)),
    });
    expect(firedIds(inOctober)).toEqual(['actual-50']);
    expect(inNovember).toEqual([]);
  });
});

describe('the budget page', () => {
  const stateOf = (actualSpend: number, forecastSpend: number | null) =>
    budgetThresholdStates({ budget, today: '2026-11-22', actualSpend, forecastSpend, hasCostData: true });

  it('shows spend and forecast as a share of the budget', () => {
    const status = stateOf(620, 1050);
    expect(status.percentUsed).toBe(62);
    expect(status.percentForecast).toBe(105);
    expect(status.period.key).toBe('2026-11');
  });
  it('shows each threshold as exceeded, forecast to exceed, or ok', () => {
    expect(stateOf(620, 1050).thresholds.map((t) => `${t.threshold.id} ${t.state}`)).toEqual([
      'actual-50 exceeded',
      'actual-80 forecast-to-exceed',
      'actual-100 forecast-to-exceed',
      'forecast-100 forecast-to-exceed',
    ]);
  });
  it('counts exactly the threshold amount as exceeded', () => {
    expect(stateOf(800, 800).thresholds.map((t) => t.state)).toEqual(['exceeded', 'exceeded', 'ok', 'ok']);
  });
  it('shows the amount each threshold stands for', () => {
    expect(stateOf(0, 0).thresholds.map((t) => t.thresholdAmount)).toEqual([500, 800, 1000, 1000]);
  });
  it('shows no forecast share without a forecast', () => {
    expect(stateOf(100, null).percentForecast).toBeNull();
  });
  it('calls no threshold on track before any cost data arrives', () => {
    const status = budgetThresholdStates({
      budget,
      today: '2026-11-22',
      actualSpend: 0,
      forecastSpend: null,
      hasCostData: false,
    });
    expect(status.thresholds.map((t) => t.state)).toEqual(['no-data', 'no-data', 'no-data', 'no-data']);
  });
  it('still warns of a forecast over a threshold before any cost data arrives', () => {
    const status = budgetThresholdStates({
      budget,
      today: '2026-11-22',
      actualSpend: 0,
      forecastSpend: 900,
      hasCostData: false,
    });
    expect(status.thresholds.map((t) => `${t.threshold.id} ${t.state}`)).toEqual([
      'actual-50 forecast-to-exceed',
      'actual-80 forecast-to-exceed',
      'actual-100 no-data',
      'forecast-100 no-data',
    ]);
  });
});

describe("a budget's one badge", () => {
  it('shows the worst of its thresholds', () => {
    expect(worstThresholdState(['ok', 'forecast-to-exceed', 'exceeded'])).toBe('exceeded');
    expect(worstThresholdState(['no-data', 'forecast-to-exceed'])).toBe('forecast-to-exceed');
    expect(worstThresholdState(['no-data', 'no-data'])).toBe('no-data');
    expect(worstThresholdState([])).toBe('ok');
  });
});
