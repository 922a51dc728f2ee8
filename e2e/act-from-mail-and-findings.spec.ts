import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { type CaughtMail, parseCaughtMail } from '../src/server/testing/mail-catcher.ts';
import { tryTheDemo, waitForDemoSync } from './support/demo.ts';
import { saveScreen } from './support/screens.ts';

const DEMO_EMAIL = 'demo@spendguard.io';

/** The dialog alone: the page behind it is long, and a full-page shot loses the dialog. */
async function saveDialog(dialog: Locator, testInfo: TestInfo, name: string): Promise<void> {
  const file = `test-results/screens/${name}.png`;
  await dialog.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

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
      checked.add(link);
      const answer = await page.request.get(`/api/action-links/${link.split('/').pop()}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (answer.status() !== 200) continue;
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
  const burst = page.waitForResponse((response) => response.url().endsWith('/api/demo/launch-gpu-burst'));
  await page.getByRole('button', { name: 'Launch a GPU burst' }).click();
  const { instance_ids: instanceIds } = (await (await burst).json()) as { instance_ids: string[] };
  expect(instanceIds).toHaveLength(8);

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
  await ledger
    .getByRole('row')
    .filter({ hasText: new RegExp(instanceIds.join('|')) })
    .getByRole('button', { name: 'Stop 8 instances of this launch' })
    .click();
  const dialog = ledgerPage.getByRole('dialog', { name: 'Stop the launched instances' });
  await dialog.getByRole('button', { name: 'Confirm: stop 8' }).click();
  await expect(dialog.getByTestId('action-headline')).toHaveText(/^Stopped 8 of 8/, { timeout: 30_000 });
});

test('an owner tags an idle instance for later from the Recommendations screen, after the dry run, and undoes it', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await tryTheDemo(page);
  await waitForDemoSync(page);
  await page.locator('header').getByRole('link', { name: 'Recommendations' }).click();
  const list = page.getByRole('table', { name: 'Every recommendation' });
  const row = list.getByRole('row').filter({ hasText: 'jenkins-old' }).filter({ hasText: 'Idle instance' });
  await expect(row).toHaveCount(1);
  // Findings in an account the demo's action role does not reach offer no action.
  await expect(
    list
      .getByRole('row')
      .filter({ hasText: 'reports-replica-db' })
      .getByRole('button', { name: /^Stop the database/ }),
  ).toHaveCount(0);
  // What a person sees around the finding: the viewport, not the whole long list.
  await row.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -200));
  const file = 'test-results/screens/findings-with-actions.png';
  await page.screenshot({ path: file });
  await testInfo.attach('findings-with-actions', { path: file, contentType: 'image/png' });

  await row.getByRole('button', { name: /^Tag i-[0-9a-f]+ for later$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Tag for later' });
  await dialog
    .getByLabel('Why should it be looked at later?')
    .fill('Forgotten CI server: ask the platform team');
  await dialog.getByRole('button', { name: 'Show what will change' }).click();
  const headline = dialog.getByTestId('action-headline');
  await expect(headline).toHaveText(
    /^This will tag the instance i-[0-9a-f]+ for review in \d{12} \(us-east-1\)\.$/,
  );
  await expect(
    dialog.getByText(
      /spendguard:review=Forgotten CI server: ask the platform team \(Dana Demo, \d{4}-\d\d-\d\d\)/,
    ),
  ).toBeVisible();
  await saveDialog(dialog, testInfo, 'findings-tag-dry-run');

  await dialog.getByRole('button', { name: 'Confirm: tag it' }).click();
  await expect(headline).toHaveText(
    /^Tagged the instance i-[0-9a-f]+ for review in \d{12} \(us-east-1\)\.$/,
    {
      timeout: 30_000,
    },
  );
  await saveDialog(dialog, testInfo, 'findings-tagged');

  await dialog.getByRole('button', { name: 'Undo: take the tag back' }).click();
  await expect(headline).toHaveText(/^Took back the review tag of i-[0-9a-f]+ in \d{12} \(us-east-1\)\.$/, {
    timeout: 30_000,
  });
  await expect(dialog.getByRole('button', { name: /^Undo/ })).toHaveCount(0);
  await saveDialog(dialog, testInfo, 'findings-tag-undone');
});
