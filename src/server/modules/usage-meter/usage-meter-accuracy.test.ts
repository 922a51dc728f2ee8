import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestCurLineItems, isoDayOf, viewerOf } from '../../testing/launch-event-fixtures.ts';
import { callAs, signUpVerified } from '../../testing/organization-fixtures.ts';
import {
  closeUsageMeterWorld,
  natGatewayProcessedGb,
  startUsageMeterWorld,
  type UsageMeterWorld,
  usageMeterViewOf,
} from '../../testing/usage-meter-fixtures.ts';

/**
 * The meter checked against the bill (docs/decisions/112) through the real CloudWatch SDK against the
 * simulator and a bill ingested as a sync ingests it: per service and day the bill covers, metered
 * and billed dollars and the error, shown on the card; the meter's own rows never adjusted.
 */
let world: UsageMeterWorld;
const DAY = 86_400_000;

beforeAll(async () => {
  world = await startUsageMeterWorld({
    ownerEmail: 'owner@accuracy.test',
    env: { METER_SERVICES: 'nat-gateway' },
  });
}, 60_000);
afterAll(() => closeUsageMeterWorld(world));

describe('the meter against the bill', () => {
  it('keeps a covered day’s metered and billed $ per service and shows the error on the card', async () => {
    const { clock, meter, integrationId, accountId, simulator, server, owner } = world;
    const dayStartMs = Math.floor(clock.now().getTime() / DAY) * DAY;
    const day = isoDayOf(new Date(dayStartMs));
    await meter.meterIntegration(integrationId);
    // Read every hour (as the worker reads, here hourly) to the next day's noon.
    const noonAfterMs = dayStartMs + DAY + 12 * 3_600_000;
    while (clock.now().getTime() < noonAfterMs) {
      clock.advance(3_600_000);
      await meter.meterIntegration(integrationId);
    }
    const gateways = simulator.natGateways().filter((gateway) => gateway.accountId === accountId);
    let meteredGb = 0;
    for (const gateway of gateways)
      meteredGb += await natGatewayProcessedGb(simulator, gateway.natGatewayId, {
        fromMs: dayStartMs,
        toMs: dayStartMs + DAY,
        readPeriodSeconds: 300,
      });
    const meteredUsd = meteredGb * 0.045;
    const billedUsd = Math.round(meteredUsd * 1.02 * 100) / 100;
    const before = await usageMeterViewOf(server, owner);
    const { organizationId } = await viewerOf(server, owner);
    const state = await ingestCurLineItems(server, { organizationId, integrationId }, [
      {
        type: 'Usage',
        usageType: 'NatGateway-Bytes',
        unblended: String(billedUsd),
        usageAccountId: accountId,
        start: `${day} 12:00:00`,
        billingPeriod: `${day.slice(0, 7)}-01`,
      },
      {
        type: 'Usage',
        usageType: 'NatGateway-Hours',
        unblended: '0.045',
        usageAccountId: accountId,
        start: `${isoDayOf(new Date(dayStartMs + DAY))} 00:00:00`,
        billingPeriod: `${isoDayOf(new Date(dayStartMs + DAY)).slice(0, 7)}-01`,
      },
    ]);
    expect(state).toBe('succeeded');
    await meter.meterIntegration(integrationId);
    const answer = await usageMeterViewOf(server, owner);
    const check = answer.meters[0]?.accuracy.find((entry) => entry.service === 'nat-gateway');
    expect(check?.day).toBe(day);
    expect(check?.metered_usd).toBeCloseTo(meteredUsd, 2);
    expect(check?.billed_usd).toBeCloseTo(billedUsd, 2);
    expect(check?.error).toBeCloseTo((meteredUsd - billedUsd) / billedUsd, 3);
    expect(check?.reason).toBeNull();
    expect(check?.line).toMatch(/^NAT gateway: metered \$[\d.]+, billed \$[\d.]+, -\d\.\d% \(\w{3} \d+\)$/);
    // No estimate adjusted: today's rows read what they read before the bill arrived, plus new periods.
    const today = (view: typeof answer) => view.rows.reduce((sum, row) => sum + (row.today_quantity ?? 0), 0);
    expect(today(answer)).toBeGreaterThanOrEqual(today(before));
  }, 120_000);

  it('shows another organization none of the checks', async () => {
    const stranger = await signUpVerified(world.server, 'stranger@accuracy.test', 'Sam Stranger');
    expect((await usageMeterViewOf(world.server, stranger)).meters).toEqual([]);
    const response = await callAs(world.server, stranger)(
      'GET',
      `/api/usage-meter?integration_id=${world.integrationId}`,
    );
    expect(response.statusCode).toBe(404);
  });
});
