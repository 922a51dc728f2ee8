import { expect, type Locator, type TestInfo, test } from '@playwright/test';
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
  await page.getByRole('button', { name: 'Launch a GPU burst' }).click();
  await expect(page.getByText(/8 × p4d\.24xlarge launched in us-east-1/)).toBeVisible({ timeout: 30_000 });

  // The launch reaches the ledger through the demo account's launch events; its first row carries Stop.
  await page.goto('/launches');
  const ledger = page.getByTestId('launch-ledger-table');
  const stop = ledger.getByRole('button', { name: 'Stop 8 instances of this launch' }).first();
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
  await expect(ledger.getByRole('button', { name: 'Stop 8 instances of this launch' })).toHaveCount(0, {
    timeout: 90_000,
  });
  await expect(ledger.getByText(/^ended /)).toHaveCount(8);
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
