import { expect, type Page, test } from '@playwright/test';
import { signInContext, signUpVerified } from './support/accounts.ts';
import { uniqueEmail } from './support/mailbox.ts';
import { saveScreen } from './support/screens.ts';

/**
 * Every main screen on a phone (the `phone` project, 390x844). Nothing scrolls sideways, at
 * 390 px nor at 360 px, and the navigation is one menu button away.
 */

/** '' when the page fits; else the elements reaching past the right edge, to say what to fix. */
const overflowingElements = (page: Page) =>
  page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return '';
    const wide = [...document.querySelectorAll('body *')].filter(
      (element) => element.getBoundingClientRect().right > window.innerWidth + 1,
    );
    const label = (element: Element) =>
      `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')}`;
    return `${document.documentElement.scrollWidth} px wide: ${wide.slice(-4).map(label).join(', ')}`;
  });

async function expectNoSidewaysScroll(page: Page) {
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    await expect.poll(() => overflowingElements(page), { message: `page wider than ${width} px` }).toBe('');
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Open the menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu).toBeVisible();
  // The drawer slides in from the right: it is open once its edge meets the screen's.
  await expect
    .poll(() =>
      menu.evaluate((element) => Math.round(element.getBoundingClientRect().right) - window.innerWidth),
    )
    .toBe(0);
  return menu;
}

test('a visitor reaches every section and sign-in from the phone menu', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await saveScreen(page, testInfo, 'phone-landing');

  let menu = await openMenu(page);
  for (const label of ['How It Works', 'Features', 'Pricing', 'Sign in', 'Sign up']) {
    await expect(menu.getByRole('link', { name: label })).toBeVisible();
  }
  await saveScreen(page, testInfo, 'phone-visitor-menu');
  await menu.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/#pricing$/);
  await expect(page.locator('#pricing')).toBeInViewport();

  menu = await openMenu(page);
  await menu.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await saveScreen(page, testInfo, 'phone-sign-in');
});

const SIGNED_IN_SCREENS = [
  { path: '/dashboard', heading: /Dashboard|Spend/, link: 'Dashboard' },
  { path: '/aws-integration', heading: /AWS Integrations/, link: 'AWS Integrations' },
  {
    path: '/ec2-rightsizing-recommendation',
    heading: /Recommendations|Rightsizing/,
    link: 'Recommendations',
  },
  { path: '/notification', heading: /Notifications/, link: 'Notifications' },
] as const;

test('a Business trial owner moves through every screen with the phone menu and the account menu', async ({
  page,
  request,
}, testInfo) => {
  // Seven screens, each checked at two widths.
  test.setTimeout(180_000);
  const { token } = await signUpVerified(request, { email: uniqueEmail('phone'), name: 'Pia Phone' });
  const started = await request.post('/api/billing/trial', { headers: { authorization: `Bearer ${token}` } });
  expect(started.ok()).toBe(true);
  await signInContext(page.context(), token);

  await page.goto('/dashboard');
  for (const screen of SIGNED_IN_SCREENS) {
    const menu = await openMenu(page);
    await expect(menu.getByRole('button', { name: 'Schedule My Free Consultation' })).toBeVisible();
    await menu.getByRole('link', { name: screen.link }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${screen.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible({
      timeout: 30_000,
    });
    await expectNoSidewaysScroll(page);
    await saveScreen(page, testInfo, `phone${screen.path.replace(/\//g, '-')}`);
  }
  await openMenu(page);
  await saveScreen(page, testInfo, 'phone-signed-in-menu');
  await page.getByRole('button', { name: 'Close the menu' }).click();

  for (const [item, path, heading] of [
    ['Account Settings', '/settings', 'Account settings'],
    ['Organization', '/organization', "Pia's organization"],
    ['Billing', '/subscription', 'Subscription'],
  ] as const) {
    await page.getByRole('button', { name: 'Account menu' }).click();
    const entry = page.getByRole('menuitem', { name: item });
    await expect(entry).toBeInViewport();
    await entry.click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
    await expectNoSidewaysScroll(page);
    await saveScreen(page, testInfo, `phone${path.replace(/\//g, '-')}`);
  }
});

test('the demo dashboard and recommendations, full of data, fit the phone', async ({
  page,
  request,
}, testInfo) => {
  // The demo's whole fleet and a year of spend: on 2 shared cores the first answers take a while.
  test.setTimeout(180_000);
  const { token } = (await (await request.post('/api/demo-session')).json()) as { token: string };
  await signInContext(page.context(), token);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByText(/\$[\d,]+\.\d\d/).first()).toBeVisible({ timeout: 60_000 });
  // The chart draws after the figures (its code loads behind them): the screen is whole once it has bars.
  await expect(page.getByTestId('spend-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await saveScreen(page, testInfo, 'phone-demo-dashboard');
  await page.goto('/ec2-rightsizing-recommendation');
  // Each finding is a card on a phone: what to do, what it saves, and why, with nothing to scroll sideways.
  const findings = page.getByRole('list', { name: 'EC2 findings' }).getByRole('listitem');
  await expect(findings.first()).toBeVisible({ timeout: 60_000 });
  await expect(findings.first()).toContainText(/\$[\d,]+\.\d\d/);
  await expectNoSidewaysScroll(page);
  // The settings button beside "How this is worked out" shows its whole label, down to 360 px.
  const settings = page.getByRole('button', { name: /headroom/ });
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    await expect
      .poll(() => settings.evaluate((button) => button.scrollWidth - button.clientWidth), {
        message: `the settings button is cut at ${width} px`,
      })
      .toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreen(page, testInfo, 'phone-demo-recommendations');
  // Every recommendation is a card too: kind, source, figure, owner and why, nothing to scroll sideways.
  const every = page.getByRole('list', { name: 'Every recommendation' }).getByRole('listitem');
  await expect(every.first()).toContainText(/\$[\d,]+\.\d\d/);
  await expect(every.filter({ hasText: 'Compute Optimizer' }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await every.first().scrollIntoViewIfNeeded();
  await saveScreen(page, testInfo, 'phone-every-recommendation');
  // A card carries the buttons the table's row has: the idle instance's "Tag for later" and "Set aside".
  const jenkins = every.filter({ hasText: 'jenkins-old' }).filter({ hasText: 'Idle instance' });
  await expect(jenkins).toHaveCount(1);
  const tag = jenkins.getByRole('button', { name: /^Tag i-[0-9a-f]+ for later$/ });
  await expect(tag).toBeVisible();
  await expect(jenkins.getByRole('button', { name: 'Set aside' })).toBeVisible();
  await jenkins.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await saveScreen(page, testInfo, 'phone-recommendation-card-actions');
  // The button opens the same dialog as on a wide screen, the reason asked before the dry run.
  await tag.click();
  const dialog = page.getByRole('dialog', { name: 'Tag for later' });
  await expect(dialog.getByLabel('Why should it be looked at later?')).toBeVisible();
  await saveScreen(page, testInfo, 'phone-recommendation-tag-dialog');
});
