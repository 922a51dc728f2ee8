import { expect, type Page, test } from '@playwright/test';
import { signInContext, signUpVerified } from './support/accounts.ts';
import { tryTheDemo, waitForDemoSync } from './support/demo.ts';
import { saveScreen } from './support/screens.ts';

/**
 * Reads the demo organization's spend: the server syncs the simulated company's CUR 2.0 export at
 * start, and the spec waits for that first sync (e2e/support/demo.ts).
 */

interface BillingAnswer {
  total: number;
  granularity: 'day' | 'month';
  series: Array<{ key: string; total: number }>;
  buckets: unknown[];
  month_end_forecast: { month_to_date: number } | null;
  data_from: string | null;
  previous_period: { start_date: string; not_compared: 'plan_history' | 'before_data' | 'data_gap' | null };
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

/** What the server answers for the view the page's URL describes, asked with the page's own session. */
async function answerFor(page: Page): Promise<BillingAnswer> {
  const url = new URL(page.url());
  const token = await page.evaluate(() => window.localStorage.getItem('spendguard.session'));
  const me = await (
    await page.request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const query = new URLSearchParams({
    user_id: me.user_id,
    start_date: url.searchParams.get('start') ?? '',
    end_date: '',
    integration: url.searchParams.get('integration') ?? 'default',
    tag_key: url.searchParams.get('tag') ?? 'all',
    selected_tag_values: url.searchParams.get('values') ?? 'All',
    is_amortized: url.searchParams.get('amortized') ?? 'false',
  });
  const mode = url.searchParams.get('mode');
  const start = query.get('start_date') ?? '';
  const monthEnd = (day: string) => {
    const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
    date.setUTCMonth(date.getUTCMonth() + 1, 0);
    return date.toISOString().slice(0, 10);
  };
  query.set(
    'end_date',
    mode === 'day' ? start : mode === 'year' ? `${start.slice(0, 4)}-12-31` : monthEnd(start),
  );
  const response = await page.request.get(`/api/billing-data?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return response.json();
}

const modeButton = (page: Page, mode: string) =>
  page.locator('.mantine-SegmentedControl-label', { hasText: new RegExp(`^${mode}$`) });

/** The table footer and the legend show what the server computed for this view. */
async function expectScreenToShow(page: Page, answer: BillingAnswer) {
  await expect(page.getByTestId('table-total')).toHaveText(usd.format(answer.total));
  const legend = page.getByTestId('chart-legend');
  for (const series of answer.series.slice(0, 3)) await expect(legend).toContainText(series.key);
  const rows = page.getByTestId('spend-table').locator('tbody tr');
  await expect(rows).toHaveCount(answer.series.length);
  await expect(rows.first()).toContainText(usd.format(answer.series[0]?.total ?? 0));
}

test('the demo user reads the dashboard and every control changes the numbers', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await tryTheDemo(page);
  await waitForDemoSync(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('spend-chart').locator('.recharts-bar-rectangle').first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('card-forecast-value')).toHaveText(/^\$[\d,]+(\.\d{2})?$/);
  await expect(page.getByTestId('card-month-to-date')).toContainText('Month to date');

  // The first change writes the view into the URL; the month view is the default.
  await page.getByRole('switch', { name: 'Amortized' }).click();
  await expect(page).toHaveURL(/amortized=true/);
  const amortizedMonth = await answerFor(page);
  await expectScreenToShow(page, amortizedMonth);
  await page.getByRole('switch', { name: 'Amortized' }).click();
  await expect(page).toHaveURL(/amortized=false/);
  const month = await answerFor(page);
  await expectScreenToShow(page, month);
  expect(month.granularity).toBe('day');
  expect(amortizedMonth.total).not.toBe(month.total);
  await expect(page.getByTestId('card-month-to-date-value')).toHaveText(
    new RegExp(`^\\$${Math.round(month.month_end_forecast?.month_to_date ?? 0).toLocaleString('en-US')}`),
  );
  await saveScreen(page, testInfo, 'dashboard-month');

  await modeButton(page, 'Year').click();
  await expect(page).toHaveURL(/mode=year/);
  const year = await answerFor(page);
  expect(year.granularity).toBe('month');
  expect(year.total).toBeGreaterThan(month.total);
  await expectScreenToShow(page, year);
  // The demo's data starts twelve months back: last year is compared only when all of it is there.
  const lastYearCovered = year.data_from !== null && year.data_from <= year.previous_period.start_date;
  expect(year.previous_period.not_compared).toBe(lastYearCovered ? null : 'before_data');
  if (!lastYearCovered) {
    await expect(page.getByTestId('card-change-value')).toHaveText('—');
    await expect(page.getByTestId('card-change')).toContainText('No data before');
    await expect(page.getByTestId('top-movers')).toContainText('starts before your data does');
  }
  await saveScreen(page, testInfo, 'dashboard-year');

  await modeButton(page, 'Month').click();
  await page.getByLabel('Group by', { exact: true }).first().click();
  await page.getByRole('option', { name: 'Tag: team' }).click();
  await expect(page).toHaveURL(/tag=team/);
  const byTeam = await answerFor(page);
  await expectScreenToShow(page, byTeam);
  expect(byTeam.series.map((series) => series.key)).toContain('untagged');
  expect(byTeam.total).toBeCloseTo(month.total, 6);

  const chosen = byTeam.series.find((series) => series.key !== 'untagged')?.key ?? '';
  await page.getByLabel('Tag values', { exact: true }).first().click();
  await page.getByRole('option', { name: chosen, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`values=${encodeURIComponent(chosen)}`));
  const oneTeam = await answerFor(page);
  expect(oneTeam.total).toBe(byTeam.series.find((series) => series.key === chosen)?.total);
  await expectScreenToShow(page, oneTeam);
  await saveScreen(page, testInfo, 'dashboard-team');

  // The choices are the person's view now: a fresh visit opens on them.
  await page.goto('/dashboard');
  await expect(page.getByTestId('table-total')).toHaveText(usd.format(oneTeam.total));
});

test('a new person without AWS data is led to connect an account', async ({
  page,
  request,
  context,
}, testInfo) => {
  const { token } = await signUpVerified(request, {
    email: `new-${Date.now()}@e2e.spendguard.test`,
    name: 'Nora New',
  });
  await signInContext(context, token);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Connect AWS to see your spend' })).toBeVisible();
  await saveScreen(page, testInfo, 'dashboard-empty');
  await page.getByRole('link', { name: 'Connect AWS' }).click();
  await expect(page).toHaveURL(/\/aws-integration/);
});
