import { expect, type Page, test } from '@playwright/test';
import { linkIn, newestMail } from './support/mail.ts';
import { openInTurn } from './support/open-in-turn.ts';
import { saveScreen } from './support/screens.ts';

const PASSWORD = 'Correct-Horse-42';
const run = Date.now();
const ownerEmail = `owner-${run}@acme.test`;
const memberEmail = `mia-${run}@acme.test`;

/** A member is sent back to the dashboard from these (src/domain/route-access.ts). */
const MEMBER_REDIRECTED = [
  '/notification',
  '/slack-setup',
  '/new-team',
  '/confirmation/abc',
  '/unsubscribe/abc',
  '/threshold-confirmation/abc',
  '/idle-ec2-confirmation/abc',
  '/budget-alert-confirmation/abc',
  '/privacy-policy',
  '/terms-and-conditions',
  '/aws-integration',
  '/aws-integration/setup',
  '/aws-integration/existing-stack',
  '/ec2-rightsizing-recommendation',
  '/subscription',
  '/credits',
  '/slack-integrate',
];

/** A verified person: signed up through the API and verified through the mailed link; answers their token. */
async function signUpVerified(page: Page, name: string, email: string): Promise<string> {
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD },
  });
  expect(signUp.ok()).toBe(true);
  const verification = await newestMail(email, /Verify your e-mail/);
  await page.request.get(linkIn(verification, '/api/auth/verify-email'), { maxRedirects: 0 });
  return (await signUp.json()).token as string;
}

async function signInWithToken(page: Page, token: string) {
  await page.goto('/');
  await page.evaluate((value) => window.localStorage.setItem('spendguard.session', value), token);
}

let ownerToken = '';

test.describe('an organization brings its people in', () => {
  test('an owner creates a team and invites a member, who joins by the mailed link and sees only their scope', async ({
    page,
    browser,
  }, testInfo) => {
    // A whole story with two people and seventeen guarded routes: longer than the default minute on 2 cores.
    // A screen's first answers can wait seconds behind another spec's work on the one Node thread (PGlite).
    // The members table is then read again at phone widths.
    test.setTimeout(240_000);
    ownerToken = await signUpVerified(page, 'Olivia Owner', ownerEmail);
    await signInWithToken(page, ownerToken);
    await page.goto('/organization');
    // Teams are a Business feature: a new organization on Free is told so, then tries Business.
    await expect(page.getByText('Teams are part of Business')).toBeVisible();
    await expect(page.getByRole('link', { name: 'New team' })).toHaveCount(0);
    const trial = await page.request.post('/api/billing/trial', {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    expect(trial.ok()).toBe(true);

    await page.goto('/new-team');
    await page.getByLabel('Name').fill('Payments');
    await expect(page.getByLabel('Slug')).toHaveValue('payments');
    await page.getByRole('combobox', { name: 'AWS accounts' }).fill('111122223333');
    await page.getByRole('combobox', { name: 'AWS accounts' }).press('Enter');
    await page.getByLabel('Tag key').fill('team');
    await page.getByLabel('Tag value').fill('payments');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await page.getByRole('button', { name: 'Create team' }).click();
    await expect(page).toHaveURL(/\/teams\/payments$/, { timeout: 30_000 });
    await expect(page.getByText('Account 111122223333')).toBeVisible();

    await page.goto('/organization');
    await expect(page.getByRole('heading', { name: "Olivia's organization", level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByLabel('E-mail of person 1').fill('not-an-email');
    await page.getByLabel('E-mail of person 1').blur();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send invitation' })).toBeDisabled();
    await page.getByLabel('E-mail of person 1').fill(memberEmail);
    await page.getByRole('combobox', { name: 'Team of person 1' }).click();
    await page.getByRole('option', { name: 'Payments' }).click();
    await page.getByRole('button', { name: 'Send invitation' }).click();
    // The invitation is mailed before the answer: on a busy embedded server that can take a while.
    await expect(page.getByText(`Sent to ${memberEmail}.`)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('cell', { name: new RegExp(memberEmail) })).toBeVisible();
    await saveScreen(page, testInfo, 'organization-owner');

    const invitation = await newestMail(memberEmail, /invited you to Olivia's organization/);
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await member.goto(linkIn(invitation, '/sign-up'));
    await expect(member.getByRole('heading', { name: "Join Olivia's organization" })).toBeVisible();
    await expect(member.getByLabel('E-mail')).toHaveValue(memberEmail);
    await expect(member.getByLabel('E-mail')).toHaveAttribute('readonly', '');
    await saveScreen(member, testInfo, 'sign-up-invitation');
    await member.getByLabel('Full name').fill('Mia Member');
    await member.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await member.getByRole('button', { name: 'Create account and join' }).click();
    // Creating the account, joining and the first session read: slow on a busy machine, not wrong.
    await expect(member).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

    await openInTurn(member, MEMBER_REDIRECTED, async (path) => {
      await expect(member, `a member opening ${path}`).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    });

    await member.goto('/organization');
    await expect(member.getByRole('heading', { name: "Olivia's organization", level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await expect(member.getByRole('heading', { name: 'Invite people' })).toHaveCount(0);
    const view = member
      .locator('div', { has: member.getByRole('heading', { name: 'Your view of spend' }) })
      .last();
    await expect(view).toContainText('Your dashboard and alerts cover what your teams own');
    await expect(view).toContainText('Account 111122223333');
    await expect(view).toContainText('team = payments');
    await saveScreen(member, testInfo, 'organization-member-view');

    await member.goto('/teams/payments');
    await expect(member.getByText('Mia Member')).toBeVisible();
    await expect(member.getByText('Spend for this team appears once cost data is connected.')).toBeVisible();
    await expect(member.getByRole('button', { name: 'Remove from team' })).toHaveCount(0);

    await page.goto('/teams/payments');
    await expect(page.getByText('Mia Member')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: /Connect AWS cost data/ })).toHaveAttribute(
      'href',
      '/aws-integration',
    );
    await saveScreen(page, testInfo, 'team-page');

    await page.goto(`/organization-member/${memberEmail.split('@')[0]}`);
    await expect(page.getByRole('heading', { name: 'Alerts they receive' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(`E-mail to ${memberEmail}`)).toBeVisible();
    await saveScreen(page, testInfo, 'organization-member');
    await memberContext.close();

    // On a phone each member reads as a short block (name, then role, teams, last active), inside the card.
    await page.goto('/organization');
    const members = page.locator('.mantine-Paper-root', {
      has: page.getByRole('heading', { name: 'Members' }),
    });
    await expect(members.getByText('Mia Member')).toBeVisible({ timeout: 30_000 });
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 844 });
      await expect
        .poll(() =>
          members.evaluate((card) => {
            const table = card.querySelector('table');
            return table ? table.getBoundingClientRect().right - card.getBoundingClientRect().right : 1;
          }),
        )
        .toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await members.scrollIntoViewIfNeeded();
    await saveScreen(page, testInfo, 'organization-owner-phone');
  });

  test('an owner invited into a second organization joins it and switches back from the user menu', async ({
    page,
  }) => {
    // Two sign-ups, two mails and a join: under CI load, beside another spec's demo sync on the embedded
    // database, this took over a minute.
    test.setTimeout(120_000);
    const samToken = await signUpVerified(page, 'Sam Second', `sam-${run}@beta.test`);
    const invite = await page.request.post('/api/organization-users', {
      headers: { authorization: `Bearer ${samToken}` },
      data: { users: [{ email: ownerEmail, role: 'admin' }] },
    });
    expect(invite.status()).toBe(201);
    await signInWithToken(page, ownerToken);

    const mail = await newestMail(ownerEmail, /invited you to Sam's organization/);
    await page.goto(linkIn(mail, '/organization'));
    await page.getByRole('button', { name: "Join Sam's organization" }).click();
    await expect(page.getByRole('heading', { name: "Sam's organization", level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByText('Switch organization')).toBeVisible();
    await page.getByRole('menuitem', { name: /Olivia's organization/ }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/organization');
    await expect(page.getByRole('heading', { name: "Olivia's organization", level: 1 })).toBeVisible({
      timeout: 30_000,
    });
  });
});
