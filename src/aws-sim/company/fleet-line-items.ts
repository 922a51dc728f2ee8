import { pricedInstanceType } from '../../catalog/ec2-instance-catalog.ts';
import { COMPANY_REGIONS, usageTypeIn } from './company-profile.ts';
import { type DayWindow, windowHours } from './day-window.ts';
import { type FleetInstance, runningHours } from './fleet.ts';
import { type LineItem, toMoneyUnits, usageLineItem } from './line-item.ts';
import { computePlanCovers, coveredUsageRows, savingsPlanFeeRow } from './savings-plan.ts';

const GP3_USD_PER_GB_MONTH = 0.08;

function boxUsageRow(instance: FleetInstance, window: DayWindow, hours: number): LineItem {
  const hourlyPrice =
    pricedInstanceType(instance.instanceType).hourlyPriceUsd * COMPANY_REGIONS[instance.region].priceFactor;
  return instanceEc2LineItem(instance, window, {
    usageType: usageTypeIn(instance.region, `BoxUsage:${instance.instanceType}`),
    operation: 'RunInstances',
    resourceId: instance.instanceId,
    usageAmount: hours,
    unblended: toMoneyUnits(hours * hourlyPrice),
    instanceType: instance.instanceType,
  });
}

/** Volumes are billed whether the instance runs or not (the stopped bastion keeps costing). */
function volumeRow(instance: FleetInstance, window: DayWindow): LineItem {
  const gbMonths = (instance.volumeGb * windowHours(window)) / window.hoursInMonth;
  const price = GP3_USD_PER_GB_MONTH * COMPANY_REGIONS[instance.region].priceFactor;
  return instanceEc2LineItem(instance, window, {
    usageType: usageTypeIn(instance.region, 'EBS:VolumeUsage.gp3'),
    operation: 'CreateVolume-Gp3',
    resourceId: instance.volumeId,
    usageAmount: gbMonths,
    unblended: toMoneyUnits(gbMonths * price),
  });
}

/** An EC2 usage row of the instance's account, region and tags for the day window. */
function instanceEc2LineItem(
  instance: FleetInstance,
  window: DayWindow,
  usage: Pick<
    LineItem,
    'usageType' | 'operation' | 'resourceId' | 'usageAmount' | 'unblended' | 'instanceType'
  >,
): LineItem {
  return usageLineItem({
    accountId: instance.accountId,
    start: window.dayStart,
    end: window.end,
    productCode: 'AmazonEC2',
    productName: 'Amazon Elastic Compute Cloud',
    region: instance.region,
    tags: instance.tags,
    ...usage,
  });
}

/** Instance hours and volumes of the fleet for one day window, with the Savings Plan rows. */
export function fleetLineItems(fleet: FleetInstance[], window: DayWindow, anchorDay: number): LineItem[] {
  const rows: LineItem[] = [];
  const coveredRows: LineItem[] = [];
  const planCovers = computePlanCovers(window, anchorDay);
  for (const instance of fleet) {
    if (instance.launchTime >= window.end) continue;
    const hours = runningHours(instance, window.dayStart, window.end);
    if (hours > 0) {
      const onDemand = boxUsageRow(instance, window, hours);
      if (instance.savingsPlanCovered && planCovers) {
        const [covered, negation] = coveredUsageRows(onDemand, anchorDay);
        if (covered && negation) {
          coveredRows.push(covered);
          rows.push(covered, negation);
        }
      } else {
        rows.push(onDemand);
      }
    }
    rows.push(volumeRow(instance, window));
  }
  rows.push(...savingsPlanFeeRow(window, coveredRows, anchorDay));
  return rows;
}
