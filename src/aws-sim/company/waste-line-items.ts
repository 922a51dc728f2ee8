import { COMPANY_REGIONS, type CompanyRegion, usageTypeIn } from './company-profile.ts';
import type { DayWindow } from './day-window.ts';
import { type LineItem, toMoneyUnits, usageLineItem } from './line-item.ts';
import type { CompanyWaste, VolumeType } from './waste.ts';

/** us-east-1 list prices per GB-month (AWS EBS pricing page); other regions scale by their price factor. */
export const VOLUME_USD_PER_GB_MONTH: Partial<Record<VolumeType, number>> = {
  gp2: 0.1,
  gp3: 0.08,
  io1: 0.125,
};
const SNAPSHOT_USD_PER_GB_MONTH = 0.05;
/** Every public IPv4 address, in use or idle, since February 2024. */
const PUBLIC_IPV4_USD_PER_HOUR = 0.005;
const HOUR_MS = 3_600_000;

/** Hours of [from, to) inside the window. */
function hoursWithin(window: DayWindow, from: number, to = Number.POSITIVE_INFINITY): number {
  const start = Math.max(window.dayStart, from);
  const end = Math.min(window.end, to);
  return end > start ? (end - start) / HOUR_MS : 0;
}

const factorOf = (region: string) => COMPANY_REGIONS[region as CompanyRegion]?.priceFactor ?? 1;
const usageIn = (region: string, usageType: string) => usageTypeIn(region as CompanyRegion, usageType);

/** The waste's rows for one day window: each volume, snapshot and idle address for the hours it existed. */
export function wasteLineItems(waste: CompanyWaste, window: DayWindow): LineItem[] {
  const rows: LineItem[] = [];
  const ec2Row = (
    fields: Omit<Parameters<typeof usageLineItem>[0], 'start' | 'end' | 'productCode' | 'productName'>,
  ) =>
    usageLineItem({
      ...fields,
      start: window.dayStart,
      end: window.end,
      productCode: 'AmazonEC2',
      productName: 'Amazon Elastic Compute Cloud',
    });
  for (const volume of waste.volumes) {
    const hours = volume.billed ? hoursWithin(window, volume.createTime, volume.deletedAt) : 0;
    const price = VOLUME_USD_PER_GB_MONTH[volume.volumeType];
    if (hours === 0 || price === undefined) continue;
    const gbMonths = (volume.sizeGb * hours) / window.hoursInMonth;
    rows.push(
      ec2Row({
        accountId: volume.accountId,
        usageType: usageIn(volume.region, `EBS:VolumeUsage.${volume.volumeType}`),
        operation: `CreateVolume-${volume.volumeType[0]?.toUpperCase()}${volume.volumeType.slice(1)}`,
        resourceId: volume.volumeId,
        usageAmount: gbMonths,
        unblended: toMoneyUnits(gbMonths * price * factorOf(volume.region)),
        region: volume.region,
        tags: volume.tags,
      }),
    );
  }
  for (const snapshot of waste.snapshots) {
    const hours = snapshot.billed ? hoursWithin(window, snapshot.startTime) : 0;
    if (hours === 0) continue;
    const gbMonths = (snapshot.storedGb * hours) / window.hoursInMonth;
    rows.push(
      ec2Row({
        accountId: snapshot.accountId,
        usageType: usageIn(snapshot.region, 'EBS:SnapshotUsage'),
        operation: 'CreateSnapshot',
        resourceId: `arn:aws:ec2:${snapshot.region}:${snapshot.accountId}:snapshot/${snapshot.snapshotId}`,
        usageAmount: gbMonths,
        unblended: toMoneyUnits(gbMonths * SNAPSHOT_USD_PER_GB_MONTH * factorOf(snapshot.region)),
        region: snapshot.region,
        tags: snapshot.tags,
      }),
    );
  }
  for (const address of waste.addresses) {
    const hours = address.billed ? hoursWithin(window, address.allocatedAt) : 0;
    if (hours === 0) continue;
    rows.push(
      usageLineItem({
        accountId: address.accountId,
        start: window.dayStart,
        end: window.end,
        productCode: 'AmazonVPC',
        productName: 'Amazon Virtual Private Cloud',
        usageType: usageIn(
          address.region,
          address.instanceId ? 'PublicIPv4:InUseAddress' : 'PublicIPv4:IdleAddress',
        ),
        operation: address.instanceId ? 'AssociateAddressVPC' : 'AllocateAddressVPC',
        resourceId: `arn:aws:ec2:${address.region}:${address.accountId}:elastic-ip/${address.allocationId}`,
        usageAmount: hours,
        unblended: toMoneyUnits(hours * PUBLIC_IPV4_USD_PER_HOUR),
        region: address.region,
        tags: address.tags,
      }),
    );
  }
  return rows;
}
