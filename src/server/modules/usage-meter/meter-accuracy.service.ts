import type { Kysely } from 'kysely';
import { billedThroughMs } from '../../../domain/live-run-rate.ts';
import {
  BILLED_USAGE_OF_CHARGE,
  compareMeterWithBill,
  type MeteredChargeDay,
} from '../../../domain/meter-accuracy.ts';
import { type MeteredCharge, usagePriceOf } from '../../../domain/usage-prices.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { CostDataService } from '../cost-data/cost-data.service.ts';
import type { AwsTarget } from '../integrations/integrations.service.ts';
import { meteredDays, saveAccuracy } from './meter-accuracy.repository.ts';

const DAY_MS = 86_400_000;
/** The days before the bill's end compared again at each read: a bill restated within a week is seen. */
const DAYS_COMPARED = 7;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The account a role belongs to, from its ARN. */
const accountOfRole = (roleArn: string) => /^arn:aws[\w-]*:iam::(\d{12}):/.exec(roleArn)?.[1];

/**
 * The meter checked against the bill (docs/decisions/112), run after each meter read: for the last
 * days the bill covers, what the meter counted (priced as the live ledger prices it) against what the
 * bill charged the role's account for the same charge, region and day. Resources without a price are
 * left out of the metered side, as they are of the live ledger's dollars.
 */
export function createMeterAccuracy(deps: {
  db: Kysely<DatabaseSchema>;
  costData: Pick<CostDataService, 'slices'>;
  now: () => Date;
}) {
  return async function compareWithBill(target: AwsTarget): Promise<void> {
    const accountId =
      target.identity?.kind === 'aws-role' ? accountOfRole(target.identity.roleArn) : undefined;
    if (!accountId) return;
    const spend = await deps.costData.slices.spendDays({
      organizationId: target.organizationId,
      integrations: [target.id],
    });
    if (!spend.last) return;
    // The bill's last day is partial; the days before it are complete.
    const end = isoDay(billedThroughMs(spend.last) - DAY_MS);
    const start = isoDay(Date.parse(`${end}T00:00:00Z`) - (DAYS_COMPARED - 1) * DAY_MS);
    const counted = await meteredDays(deps.db, target.id, { start, end });
    if (counted.length === 0) return;
    const priced = new Map<string, MeteredChargeDay>();
    for (const row of counted) {
      const price = usagePriceOf(row.charge, row.region, undefined, row.resourceId);
      if (price.status !== 'priced') continue;
      const key = `${row.region}|${row.charge}|${row.day}`;
      const day = priced.get(key) ?? { region: row.region, charge: row.charge, day: row.day, meteredUsd: 0 };
      day.meteredUsd += row.quantity * price.usdPerUnit;
      priced.set(key, day);
    }
    const charges = [...new Set(counted.map((row) => row.charge))] as MeteredCharge[];
    const billed = await deps.costData.slices.billedUsageDays({
      organizationId: target.organizationId,
      integrationId: target.id,
      usageAccountId: accountId,
      serviceCodes: [...new Set(charges.flatMap((charge) => BILLED_USAGE_OF_CHARGE[charge].serviceCodes))],
      start,
      end,
    });
    const compared = compareMeterWithBill(
      [...priced.values()],
      billed.map((line) => ({
        region: line.region,
        day: line.usageDate,
        serviceCode: line.serviceCode,
        usageType: line.usageType,
        usd: Number(line.unblendedCost),
      })),
    );
    await saveAccuracy(
      deps.db,
      { organizationId: target.organizationId, integrationId: target.id },
      compared,
      deps.now(),
    );
  };
}
