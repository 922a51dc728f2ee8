import { expect, test } from '@playwright/test';
import { holdEntryScript, holdScripts } from './support/held-entry-script.ts';
import { openInTurn } from './support/open-in-turn.ts';
import { saveScreen } from './support/screens.ts';

test.describe('a visitor on the public site', () => {
  test('sees a finished landing page with the tagline, sections and pricing', async ({ page }, testInfo) => {
    await page.goto('/');
    // The first answer of a busy embedded server can take a while: wait for it as a person would.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveTitle(/Monitor your AWS billing expenses/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /AWS/);
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /AWS cost alerts/);
    for (const id of ['about', 'features', 'pricing']) await expect(page.locator(`#${id}`)).toBeAttached();
    await expect(page.locator('#pricing')).toContainText('Free');
    await expect(page.locator('#pricing')).toContainText(/Business/);
    await saveScreen(page, testInfo, 'landing');
  });

  test('sees the landing page before any script runs, and it works once they do', async ({
    browser,
    page,
  }, testInfo) => {
    // What arrives first is the page itself (decision 070), not an empty shell waiting for scripts.
    const withoutScripts = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      javaScriptEnabled: false,
    });
    const still = await withoutScripts.newPage();
    await still.goto('/');
    await expect(still.getByRole('heading', { level: 1 })).toHaveText(
      'Do not get surprised by your AWS bill',
    );
    await expect(still.getByRole('button', { name: 'Try the demo' })).toBeVisible();
    await expect(still.locator('#pricing')).toContainText('Free');
    await saveScreen(still, testInfo, 'landing-before-scripts');
    await withoutScripts.close();

    // With scripts, React takes the page over without drawing it again or reporting a mismatch.
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Contact us' })).toBeVisible({ timeout: 30_000 });
    const footer = page.locator('footer');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Spendguard`);
    await page.locator('header').getByRole('link', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Do not get surprised by your AWS bill');
    expect(problems).toEqual([]);
  });

  test('clicks "Try the demo" before the scripts have arrived, and is still taken to the demo', async ({
    page,
  }) => {
    const release = await holdEntryScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await expect(page).toHaveURL(/\/$/);
    release();
    await expect(page).toHaveURL(/\/dashboard/, { timeout: 30_000 });
  });

  test("with a stored session, never sees the visitor's built landing page before the app decides", async ({
    page,
  }) => {
    // A token left from an earlier visit (no longer valid here), and the app's entry script held back.
    await page.addInitScript(() => window.localStorage.setItem('spendguard.session', 'left-from-last-week'));
    const release = await holdEntryScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    // The built page is in the document, but not shown (nor in the accessibility tree).
    const heading = page.locator('#root h1');
    await expect(heading).toBeAttached();
    await expect(heading).toBeHidden();
    release();
    // The session check refuses the old token: the visitor's page, now drawn by the app.
    await expect(heading).toHaveText('Do not get surprised by your AWS bill');
    await expect(page.getByRole('button', { name: 'Contact us' })).toBeVisible();
  });

  test('is taken over without a mismatch when a session is stored while the page loads', async ({ page }) => {
    // The app chose to take the built page over (no token then) and fetches the landing page's chunk; a
    // sign-in in another tab stores a token meanwhile.
    const problems: string[] = [];
    page.on('console', (message) => {
      // The refused token's 401 is logged by the browser as a failed load; anything else is a problem.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        problems.push(message.text());
    });
    const { requested, release } = await holdScripts(page, /\/assets\/landing-page-[^/]+\.js$/);
    await page.goto('/', { waitUntil: 'commit' });
    await requested;
    await page.evaluate(() => window.localStorage.setItem('spendguard.session', 'left-from-last-week'));
    release();
    // The session check refuses the old token: the visitor's page, drawn by the app, and no mismatch reported.
    await expect(page.getByRole('button', { name: 'Contact us' })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('#root h1')).toHaveText('Do not get surprised by your AWS bill');
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('spendguard.session')))
      .toBeNull();
    expect(problems).toEqual([]);
  });

  test('follows the header anchors to the landing sections', async ({ page }) => {
    await page.goto('/about');
    const header = page.locator('header');
    for (const [label, id] of [
      ['How It Works', 'about'],
      ['Features', 'features'],
      ['Pricing', 'pricing'],
    ] as const) {
      await header.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`/#${id}$`));
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
    await header.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await header.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
  });

  test('uses the footer links', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer).toContainText('Do not get surprised by your AWS bill');
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(footer).toContainText('Bellevue, WA');
    await expect(footer.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', /^mailto:/);
    await expect(footer.getByRole('link', { name: /GitHub/ })).toHaveAttribute('href', /^https:/);
    for (const [name, path] of [
      ['Terms and Conditions', '/terms-and-conditions'],
      ['Privacy Policy', '/privacy-policy'],
      ['Blog', '/blog'],
    ] as const) {
      await page.goto('/');
      await footer.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

  test('sees only a Home link on pages with the privacy flag', async ({ page }) => {
    for (const path of ['/privacy-policy', '/terms-and-conditions']) {
      await page.goto(path);
      const header = page.locator('header');
      await expect(header.getByRole('link', { name: 'Home', exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(header.getByRole('link', { name: 'Pricing' })).toHaveCount(0);
      await expect(header.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    }
  });

  test('reads the blog: the list and a post', async ({ page }, testInfo) => {
    await page.goto('/blog');
    const posts = page.locator('article');
    await expect(posts.first()).toBeVisible();
    expect(await posts.count()).toBeGreaterThanOrEqual(2);
    await saveScreen(page, testInfo, 'blog');
    await posts.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('main p').first()).toBeVisible();
  });
});

const VISITOR_ROUTES = [
  '/',
  '/about',
  '/sign-up',
  '/sign-in',
  '/sign-in/reset',
  '/privacy-policy',
  '/terms-and-conditions',
  '/blog',
  '/confirmation/t',
  '/unsubscribe/t',
  '/threshold-confirmation/t',
];
const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/notification',
  '/slack-setup',
  '/organization',
  '/organization-member/jane',
  '/teams/platform',
  '/new-team',
  '/idle-ec2-confirmation/t',
  '/budget-alert-confirmation/t',
  '/aws-integration',
  '/aws-integration/setup',
  '/aws-integration/existing-stack',
  '/ec2-rightsizing-recommendation',
  '/subscription',
  '/credits',
  '/slack-integrate',
  '/settings',
  '/no-such-page',
];

test.describe('route rules for a visitor', () => {
  for (const path of VISITOR_ROUTES) {
    test(`opens ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/' : path}$`));
      await expect(page.getByRole('heading').first()).toBeVisible();
    });
  }

  test('is sent to /sign-in from every page for signed-in people', async ({ page }) => {
    await openInTurn(page, SIGNED_IN_ROUTES, async (path) => {
      await expect(page, `a visitor opening ${path}`).toHaveURL(/\/sign-in$/);
      await expect(page.getByRole('heading', { name: 'Sign in' }), `a visitor opening ${path}`).toBeVisible();
    });
  });
});

test('reports each page view with its path and query', async ({ page }) => {
  const reported = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/analytics/page-views') && request.postDataJSON()?.path === '/about',
  );
  await page.goto('/about?ref=e2e');
  const request = await reported;
  expect(request.postDataJSON()).toMatchObject({ path: '/about', query: '?ref=e2e' });
});

test('the API documentation and health answer', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  expect(await health.json()).toMatchObject({ status: 'ok', database: { kind: 'pglite' } });
  const docs = await request.get('/api/docs/json');
  expect((await docs.json()).info.title).toBe('Spendguard API');
});
