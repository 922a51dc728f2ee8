import { expect, type Locator, type TestInfo, test } from '@playwright/test';
import { tryTheDemo, waitForDemoSync } from './support/demo.ts';

/** The dialog alone: the page behind it is the long list of findings. */
async function saveDialog(dialog: Locator, testInfo: TestInfo, name: string): Promise<void> {
  const file = `test-results/screens/${name}.png`;
  await dialog.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

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
