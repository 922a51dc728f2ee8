import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpVerified } from '../../testing/organization-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  claimDelivery,
  findDelivery,
  finishAttempt,
  insertDeliveries,
  listAttempts,
  markAttemptFailed,
  recordAttemptStart,
} from './alert-delivery.repository.ts';
import { insertNotificationOnce } from './alert-outbox.repository.ts';

/**
 * Text from an error is stored without NUL and with a bound. A mail server or Slack answering
 * with a NUL in its error made the failure unstorable: the delivery stayed `sending` with an attempt
 * that never finished.
 */
let server: TestApp;

beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

it('stores a delivery failure whose error holds NUL and runs on for pages', async () => {
  const { db } = server.context.database;
  const owner = await signUpVerified(server, 'owner@storable.test', 'Olivia Owner');
  const { organizationId } = await db
    .selectFrom('member')
    .select('organizationId')
    .where('userId', '=', owner.userId)
    .executeTakeFirstOrThrow();
  const notificationId = await insertNotificationOnce(db, {
    organizationId,
    dedupeKey: 'nul-error',
    sourceKind: 'cost-threshold',
    sourceId: null,
    title: 'Alert with a NUL error',
    summary: 'A test alert.',
    details: { tag: null },
    accountIds: [],
  });
  const [delivery] = await insertDeliveries(db, notificationId!, [
    { channel: 'email', recipient: 'owner@storable.test', recipientUserId: owner.userId },
  ]);
  const deliveryId = delivery!.id;
  await claimDelivery(db, deliveryId, 60_000);
  const attempt = await recordAttemptStart(db, deliveryId, 1, 'worker-1');
  const error = `550 mailbox\u0000unavailable ${'x'.repeat(10_000)}`;

  await finishAttempt(db, attempt.id, 'failed', error);
  await markAttemptFailed(db, deliveryId, error, false);

  const stored = await findDelivery(db, deliveryId);
  expect(stored?.state).toBe('pending');
  expect(stored?.last_error).toMatch(/^550 mailbox\uFFFDunavailable x+…$/);
  expect(stored?.last_error?.length).toBe(2_000);
  const [finished] = await listAttempts(db, deliveryId);
  expect(finished?.error).toBe(stored?.last_error);
});
