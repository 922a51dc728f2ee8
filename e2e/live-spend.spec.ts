import { expect, test } from '@playwright/test';
import { tryTheDemo, waitForDemoSync } from './support/demo.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';
import { saveScreen } from './support/screens.ts';

test('a visitor starts the demo NAT egress leak: its row shows on the live card with its owner and the live-spend alert arrives by mail naming the owner', async ({
  page,
}, testInfo) => {
  // The e2e server meters one-minute periods once they end (docs/decisions/104): the alert follows the
  // leak's first full minute.
  test.setTimeout(300_000);
  await tryTheDemo(page);
  await waitForDemoSync(page);

  // The scenario is a documented API operation (there is no button for it yet).
  const token = await page.evaluate(() => window.localStorage.getItem('spendguard.session'));
  const leak = await page.request.post('/api/demo/nat-egress-leak', {
    headers: { authorization: `Bearer ${token}` },
    // 400 GB an hour ($18 an hour): one full minute of it carries the two-minute live pace over $5.
    data: { gb_per_hour: 400 },
  });
  expect(leak.status()).toBe(200);
  const { nat_gateway_id: natGatewayId } = (await leak.json()) as { nat_gateway_id: string };

  // The demo organization's live-spend rule ($5 an hour for one resource) mails the demo user.
  const mail = await waitForMail(
    'demo@spendguard.io',
    new RegExp(`Live spend: NAT gateway ${natGatewayId} at \\$[\\d.,]+ an hour`),
    240_000,
  );
  expect(mail.decoded).toContain(`NAT gateway ${natGatewayId} processed `);
  expect(mail.decoded).toMatch(/GB an hour at that pace/);
  expect(mail.decoded).toMatch(/\$[\d.,]+ an hour, \$[\d.,]+ a day if it goes on/);
  expect(mail.decoded).toContain("If it goes on to the month's end, it adds");
  // Who owns the gateway, by its tags (the simulated company tags its network with team=platform).
  expect(mail.decoded).toContain('Owner (its tag team): platform.');

  // The gateway's row on the Launches page's live card.
  await page.goto('/launches');
  const card = page.getByTestId('usage-rows');
  await expect(card.getByText(natGatewayId).first()).toBeVisible({ timeout: 30_000 });
  const gatewayRow = card.getByRole('row').filter({ hasText: natGatewayId }).first();
  await expect(gatewayRow.getByText('platform', { exact: true })).toBeVisible();
  await expect(gatewayRow.getByText('tag team')).toBeVisible();
  await saveScreen(page, testInfo, 'live-spend-usage-card');

  // The mail's acknowledge link works in one click.
  await page.goto(new URL(linkIn(mail, '/threshold-confirmation/')).pathname);
  await expect(page.getByText(/Acknowledged: "Live spend: NAT gateway/)).toBeVisible({ timeout: 30_000 });
  await saveScreen(page, testInfo, 'live-spend-acknowledged');
});
