import type { CompanyModel } from './company-model.ts';
import { ACCOUNTS, COMPANY_REGIONS, usageTypeIn } from './company-profile.ts';
import type { DayWindow } from './day-window.ts';
import { type LineItem, type ResourceTags, toMoneyUnits, usageLineItem } from './line-item.ts';
import type { ResourceFamily, Scaling, UsageLine } from './resource-family.ts';
import { between } from './seeded-random.ts';
import { dailyNoise, growthFactor, spikeMultiplier, weekdayFactor } from './spend-shape.ts';

function scalingFactor(model: CompanyModel, scaling: Scaling, dayStart: number): number {
  if (scaling === 'fixed') return 1;
  const growth = growthFactor(model, dayStart);
  return scaling === 'growing' ? growth : growth * weekdayFactor(dayStart);
}

export function tagsOf(family: ResourceFamily, index: number): ResourceTags {
  const untagged = family.untaggedEvery !== undefined && (index + 1) % family.untaggedEvery === 0;
  if (untagged || family.team === undefined) return {};
  return {
    team: family.team,
    project: family.project,
    env: family.account === 'staging' ? 'staging' : 'production',
  };
}

function usageQuantity(
  model: CompanyModel,
  resourceKey: string,
  name: string,
  line: UsageLine,
  window: DayWindow,
) {
  if (line.scaling === 'exact') return line.unitsPerDay * window.fraction;
  const noise = line.scaling === 'fixed' ? 1 : dailyNoise(`${resourceKey}/${line.usageType}/${window.day}`);
  return (
    line.unitsPerDay *
    between(`scale:${resourceKey}`, 0.45, 1.55) *
    scalingFactor(model, line.scaling, window.dayStart) *
    noise *
    spikeMultiplier(model.spikes, name, line.usageType, window.dayStart) *
    window.fraction
  );
}

const resourceKeyOf = (family: ResourceFamily, name: string) =>
  `${family.productCode}/${ACCOUNTS[family.account].id}/${family.region}/${name}`;

/**
 * The units one resource of a family uses in a day window, as its line item bills them: what the
 * simulated CloudWatch metrics spread over the window's hours, so that metered and billed agree.
 */
export function resourceUsageUnits(
  model: CompanyModel,
  family: ResourceFamily,
  name: string,
  line: UsageLine,
  window: DayWindow,
): number {
  return usageQuantity(model, resourceKeyOf(family, name), name, line, window);
}

/** One row per resource and usage type for the day window. */
export function familyLineItems(model: CompanyModel, family: ResourceFamily, window: DayWindow): LineItem[] {
  const account = ACCOUNTS[family.account];
  const priceFactor = family.global ? 1 : COMPANY_REGIONS[family.region].priceFactor;
  const rows: LineItem[] = [];
  family.names.forEach((name, index) => {
    for (const line of family.usage) {
      const usageAmount = resourceUsageUnits(model, family, name, line, window);
      rows.push(
        usageLineItem({
          accountId: account.id,
          start: window.dayStart,
          end: window.end,
          productCode: family.productCode,
          productName: family.productName,
          usageType: family.global ? line.usageType : usageTypeIn(family.region, line.usageType),
          operation: line.operation,
          resourceId: family.resourceId?.(name, account.id, family.region) ?? '',
          usageAmount,
          unblended: toMoneyUnits(usageAmount * line.usdPerUnit * priceFactor),
          region: family.global ? '' : family.region,
          tags: tagsOf(family, index),
        }),
      );
    }
  });
  return rows;
}
