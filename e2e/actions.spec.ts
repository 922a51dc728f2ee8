import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { type CaughtMail, parseCaughtMail } from '../src/server/testing/mail-catcher.ts';
import { tryTheDemo, waitForDemoSync } from './support/demo.ts';
import { saveScreen } from './support/screens.ts';

/** The dialog alone: the page behind it is the long ledger, in which a full-page shot loses the dialog. */
async function saveDialog(dialog: Locator, testInfo: TestInfo, name: string): Promise<void> {
  const file = `test-results/screens/${name}.png`;
  await dialog.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

test('a visitor stops the GPU burst they launched from the launch ledger, after a dry run, and undoes it', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  // What the browser asked and what it was told: a failed step names the call that failed.
  const calls: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/action'))
      calls.push(`${response.request().method()} ${response.url()} ${response.status()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') calls.push(`console: ${message.text()}`);
  });

  await tryTheDemo(page);
  await waitForDemoSync(page);
  const instanceIds = await launchGpuBurst(page);
  await expect(page.getByText(/8 × p4d\.24xlarge launched in us-east-1/)).toBeVisible({ timeout: 30_000 });

  // The launch reaches the ledger through the demo account's launch events; its first row carries Stop.
  // Another spec's burst may be running in the shared demo beside it: this visitor acts on their own rows.
  await page.goto('/launches');
  const ledger = page.getByTestId('launch-ledger-table');
  const ownRows = rowsOf(ledger, instanceIds);
  const stop = ownRows.getByRole('button', { name: 'Stop 8 instances of this launch' });
  await expect(stop).toBeVisible({ timeout: 120_000 });
  await stop.click();

  // The dry run: what will change, instance by instance, before anything does.
  const dialog = page.getByRole('dialog', { name: 'Stop the launched instances' });
  const headline = dialog.getByTestId('action-headline');
  await expect(headline).toHaveText(/^This will stop 8 of 8 instances in \d{12} \(us-east-1\)\.$/);
  await expect(dialog.getByText('will change', { exact: true })).toHaveCount(8);
  await expect(dialog.getByText(/answered the dry run with DryRunOperation/)).toBeVisible();
  await saveDialog(dialog, testInfo, 'actions-dry-run');

  await dialog.getByRole('button', { name: 'Confirm: stop 8' }).click();
  await expect(headline, calls.join('\n')).toHaveText(
    /^Stopped 8 of 8 instances in \d{12} \(us-east-1\)\.$/,
    {
      timeout: 30_000,
    },
  );
  await expect(dialog.getByText('done', { exact: true })).toHaveCount(8);
  await expect(dialog.getByText(/^running → stopp(ing|ed)$/)).toHaveCount(8);
  await saveDialog(dialog, testInfo, 'actions-stopped');

  // The ledger under the dialog: the launch's rows end (the stop travels as a console click's would, through
  // the launch events) and no running launch of 8 is left to stop. The dialog stays with its outcome.
  await expect(ownRows.getByRole('button', { name: /^Stop \d+ instances? of this launch$/ })).toHaveCount(0, {
    timeout: 90_000,
  });
  await expect(ownRows.filter({ hasText: /ended / })).toHaveCount(8);
  await expect(headline).toHaveText(/^Stopped 8 of 8/);

  // Undo starts them again, once: the outcome replaces the stop's, and Undo is gone.
  await dialog.getByRole('button', { name: 'Undo: start them again' }).click();
  await expect(headline, calls.join('\n')).toHaveText(
    /^Started 8 of 8 instances in \d{12} \(us-east-1\)\.$/,
    {
      timeout: 30_000,
    },
  );
  await expect(dialog.getByText(/^stopped → (pending|running)$/)).toHaveCount(8);
  await expect(dialog.getByRole('button', { name: 'Undo: start them again' })).toHaveCount(0);
  await saveDialog(dialog, testInfo, 'actions-undone');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await saveScreen(page, testInfo, 'actions-ledger-after-undo');

  // The record: each instance stopped, then started, who approved it and how.
  await page.goto('/actions-log');
  const log = page.getByTestId('action-log-table');
  await expect(log.getByText('Dana Demo (in the app)').first()).toBeVisible({ timeout: 30_000 });
  await expect(log.getByText('stop', { exact: true }).filter({ visible: true })).toHaveCount(8);
  await expect(log.getByText('start', { exact: true }).filter({ visible: true })).toHaveCount(8);
  await saveScreen(page, testInfo, 'actions-log');
});

/** Presses "Launch a GPU burst" on the dashboard and answers the 8 instance ids the simulator launched. */
async function launchGpuBurst(page: Page): Promise<string[]> {
  const burst = page.waitForResponse((response) => response.url().endsWith('/api/demo/launch-gpu-burst'));
  await page.getByRole('button', { name: 'Launch a GPU burst' }).click();
  const { instance_ids: instanceIds } = (await (await burst).json()) as { instance_ids: string[] };
  expect(instanceIds).toHaveLength(8);
  return instanceIds;
}

/** The ledger's rows of these instances (the demo is shared: other specs' launches sit beside them). */
const rowsOf = (ledger: Locator, instanceIds: readonly string[]) =>
  ledger.getByRole('row').filter({ hasText: new RegExp(instanceIds.join('|')) });

// The demo organization is shared: this journey follows the ledger's, in the same worker, so neither
// sees the other's burst running while it counts its own. Other specs' bursts may run beside them.
const DEMO_EMAIL = 'demo@spendguard.io';

/** Every mail the e2e SMTP catcher holds for the demo user that carries a confirmation link. */
function demoMailsWithActionLinks(): CaughtMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run through playwright.config.ts');
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => {
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      const to = (/^X-Envelope-To: (.*)$/m.exec(raw)?.[1] ?? '').trim().split(',');
      return parseCaughtMail(to, raw);
    })
    .filter(
      (mail) => mail.to.includes(DEMO_EMAIL) && mail.links.some((link) => link.includes('/actions/confirm/')),
    );
}

/**
 * The launch alert mail of this visitor's burst: the demo organization is shared, so other bursts' alerts
 * sit in the same inbox. Its link's proposal names the burst's instances (what the page will show).
 */
async function alertMailLinkFor(
  page: Page,
  instanceIds: string[],
): Promise<{ mail: CaughtMail; link: string }> {
  const token = await page.evaluate(() => window.localStorage.getItem('spendguard.session'));
  const checked = new Set<string>();
  let found: { mail: CaughtMail; link: string } | undefined;
  await expect(async () => {
    for (const mail of demoMailsWithActionLinks()) {
      const link = new URL(mail.links.find((one) => one.includes('/actions/confirm/')) ?? '').pathname;
      if (checked.has(link)) continue;
      const answer = await page.request.get(`/api/action-links/${link.split('/').pop()}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      // Only an answer read is final: a refusal (busy, rate-limited) is asked again on the next round.
      if (answer.status() !== 200) continue;
      checked.add(link);
      const steps = ((await answer.json()) as { steps: Array<{ resource_id: string }> }).steps;
      if (instanceIds.every((id) => steps.some((step) => step.resource_id === id))) found = { mail, link };
    }
    expect(found, 'the alert mail of this burst').toBeDefined();
  }).toPass({ timeout: 180_000, intervals: [1_000, 2_000, 5_000] });
  return found as { mail: CaughtMail; link: string };
}

test('a visitor stops the GPU burst from its alert mail: the link, the dry run, the approval, the ledger, the undo', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(360_000);
  await tryTheDemo(page);
  await waitForDemoSync(page);
  const instanceIds = await launchGpuBurst(page);

  // The alert reaches the demo user's inbox with its stop line and a link to the confirmation page.
  const { mail, link } = await alertMailLinkFor(page, instanceIds);
  expect(mail.decoded).toContain('Stop these 8 instances: ');
  expect(mail.decoded).toContain('nothing stops until you confirm there');

  // The link opens the dry run: each instance and what will change; nothing has stopped yet.
  await page.goto(link);
  const headline = page.getByTestId('action-headline');
  await expect(headline).toHaveText(/^This will stop 8 of 8 instances in \d{12} \(us-east-1\)\.$/);
  const steps = page.getByTestId('action-steps');
  for (const id of instanceIds) await expect(steps.getByText(id, { exact: true })).toBeVisible();
  await expect(steps.getByText('will change', { exact: true })).toHaveCount(8);
  await expect(page.getByTestId('dry-run-note')).toContainText('DryRunOperation');
  await saveScreen(page, testInfo, 'mail-link-dry-run');

  await page.getByRole('button', { name: 'Confirm: stop 8 instances' }).click();
  await expect(headline).toHaveText(/^Stopped 8 of 8 instances in \d{12} \(us-east-1\)\.$/, {
    timeout: 30_000,
  });
  await expect(steps.getByText('done', { exact: true })).toHaveCount(8);
  await saveScreen(page, testInfo, 'mail-link-stopped');

  // The ledger, opened beside the page: the burst's rows end once the stop's events arrive.
  const ledgerPage = await context.newPage();
  await ledgerPage.goto('/launches');
  const ledger = ledgerPage.getByTestId('launch-ledger-table');
  const rowOf = (id: string) => ledger.getByRole('row').filter({ hasText: id });
  for (const id of instanceIds)
    await expect(rowOf(id).filter({ hasText: /ended / })).toHaveCount(1, { timeout: 120_000 });
  await expect(rowOf(instanceIds[0] ?? '').filter({ hasText: /running / })).toHaveCount(0);
  await saveScreen(ledgerPage, testInfo, 'mail-link-ledger-stopped');

  // Undo on the confirmation page starts them again, once; the ledger shows them running anew.
  await page.bringToFront();
  await page.getByRole('button', { name: 'Undo: start them again' }).click();
  await expect(headline).toHaveText(/^Started 8 of 8 instances in \d{12} \(us-east-1\)\.$/, {
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: 'Undo: start them again' })).toHaveCount(0);
  await saveScreen(page, testInfo, 'mail-link-undone');
  await ledgerPage.bringToFront();
  for (const id of instanceIds)
    await expect(rowOf(id).filter({ hasText: /running / })).toHaveCount(1, { timeout: 120_000 });
  await saveScreen(ledgerPage, testInfo, 'mail-link-ledger-running-again');

  // The demo organization is shared: stop the burst again from the ledger for the next visitor.
  await rowsOf(ledger, instanceIds).getByRole('button', { name: 'Stop 8 instances of this launch' }).click();
  const dialog = ledgerPage.getByRole('dialog', { name: 'Stop the launched instances' });
  await dialog.getByRole('button', { name: 'Confirm: stop 8' }).click();
  await expect(dialog.getByTestId('action-headline')).toHaveText(/^Stopped 8 of 8/, { timeout: 30_000 });
});
