import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signInContext, signUpVerified } from './support/accounts.ts';
import { saveScreen } from './support/screens.ts';

const run = Date.now();

interface CommandRun {
  code: number;
  output: string;
}

/** `npm run config -- <args>` from the repository, as a person types it in a shell or a CI job runs it. */
function npmRunConfig(args: string[]): Promise<CommandRun> {
  return new Promise((resolve) => {
    execFile('npm', ['run', 'config', '--', ...args], { cwd: process.cwd() }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

test.describe('Budgets as code', () => {
  test('an owner creates a CI token, exports, adds a budget in YAML, plans and applies it with the CLI, and sees it on Notifications', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    // Sign-up with a mailed link, a few screens and four CLI runs on a shared 2-core machine.
    test.setTimeout(120_000);
    const { token: session } = await signUpVerified(page.request, {
      email: `owner-${run}@budgets-as-code.test`,
      name: 'Cora Config',
    });
    await signInContext(context, session);

    // The token for CI, made where a person makes it: Settings → API tokens.
    await page.goto('/settings/api-tokens');
    await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API token' });
    await dialog.getByLabel('Name').fill('Budgets in CI');
    await dialog.getByRole('checkbox', { name: /Write budgets and alert rules/ }).check();
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByTestId('new-token-secret');
    await expect(shown).toHaveText(/^sg_[A-Za-z0-9_-]{43}$/);
    const secret = (await shown.textContent()) ?? '';

    const url = baseURL ?? '';
    const file = testInfo.outputPath('spendguard.yaml');
    const connection = ['--url', url, '--token', secret];

    // Export what the organization has, then add a budget to the file as one edits it by hand.
    const exported = await npmRunConfig(['export', file, ...connection]);
    expect(exported.output).toContain(`Exported to ${file}.`);
    expect(exported.code).toBe(0);
    const original = await readFile(file, 'utf8');
    expect(original).toMatch(/^version: 1\n/);
    expect(original).toContain('budgets: []\n');
    const budget = [
      'budgets:',
      '  - name: Platform run rate',
      '    amount_usd: 12500',
      '    period: monthly',
      '    cost_basis: unblended',
      '',
    ].join('\n');
    await writeFile(file, original.replace('budgets: []\n', budget), 'utf8');

    const plan = await npmRunConfig(['plan', file, ...connection]);
    expect(plan.output).toContain('Plan: 1 to create, 0 to update, 0 to delete');
    expect(plan.output).toContain('+ budgets "Platform run rate" (create)');
    expect(plan.code).toBe(0);

    const apply = await npmRunConfig(['apply', file, ...connection]);
    expect(apply.output).toContain('Applied: 1 to create, 0 to update, 0 to delete');
    expect(apply.output).toContain('+ budgets "Platform run rate" (create)');
    expect(apply.code).toBe(0);

    // The same file again: nothing changes.
    const again = await npmRunConfig(['apply', file, ...connection]);
    expect(again.output).toContain('Applied: nothing to change');
    expect(again.output).not.toContain('(create)');
    expect(again.code).toBe(0);

    // The budget, on the screen where budgets are managed.
    await page.getByRole('link', { name: 'Notifications' }).click();
    await expect(page).toHaveURL(/\/notification$/);
    const card = page.getByTestId('budget-card').filter({ hasText: 'Platform run rate' });
    await expect(card).toBeVisible();
    await expect(card.getByText(/Monthly · \$12,500\.00 · unblended/)).toBeVisible();
    await expect(card.getByRole('row')).toHaveCount(5);
    await expect(page.getByTestId('budget-card')).toHaveCount(1);
    await saveScreen(page, testInfo, 'budgets-as-code-notifications');
  });
});
