import type { CompanyModel } from './company-model.ts';
import {
  ALL_ACCOUNTS,
  type CompanyAccount,
  CUR_EXPORT,
  DEMO_EXTERNAL_ID,
  LAUNCH_EVENTS,
  MANAGEMENT_ACCOUNT_ID,
} from './company-profile.ts';
import type { InstancePlant } from './fleet.ts';
import { isoDay } from './timeline.ts';

export interface PlantedInstanceFact {
  instanceId: string;
  name: string;
  accountId: string;
  region: string;
  instanceType: string;
  plant: InstancePlant;
  note: string;
  state: 'running' | 'stopped';
  autoScalingGroup?: string;
  publishesMemory: boolean;
}

/** What a test or the demo may rely on about the fictional company. */
export interface CompanyFacts {
  managementAccountId: string;
  accounts: CompanyAccount[];
  bucket: string;
  /** The export's S3 prefix; objects live under `${prefix}/${exportName}/`. */
  prefix: string;
  exportName: string;
  region: string;
  demoRoleArn: string;
  demoExternalId: string;
  anchorDay: string;
  /** Each account's launch-events queue (in `launchEventsRegions`): `${endpoint}/${accountId}/${name}`. */
  launchEventsQueue: string;
  launchEventsRegions: readonly string[];
  instances: PlantedInstanceFact[];
  spikes: Array<{ productCode: string; usageType: string; days: string[]; description: string }>;
}

export function companyFacts(model: CompanyModel): CompanyFacts {
  return {
    managementAccountId: MANAGEMENT_ACCOUNT_ID,
    accounts: ALL_ACCOUNTS,
    bucket: CUR_EXPORT.bucket,
    prefix: CUR_EXPORT.prefix,
    exportName: CUR_EXPORT.exportName,
    region: CUR_EXPORT.region,
    demoRoleArn: ALL_ACCOUNTS[0]!.demoRoleArn,
    demoExternalId: DEMO_EXTERNAL_ID,
    anchorDay: isoDay(model.anchorDay),
    launchEventsQueue: LAUNCH_EVENTS.queueName,
    launchEventsRegions: LAUNCH_EVENTS.regions,
    instances: model.fleet.map((instance) => ({
      instanceId: instance.instanceId,
      name: instance.name,
      accountId: instance.accountId,
      region: instance.region,
      instanceType: instance.instanceType,
      plant: instance.plant,
      note: instance.note,
      state: instance.stoppedAt === undefined ? 'running' : 'stopped',
      autoScalingGroup: instance.autoScalingGroup,
      publishesMemory: instance.memoryUsedPercent !== undefined,
    })),
    spikes: model.spikes.map((spike) => ({
      productCode: spike.productCode,
      usageType: spike.usageTypeSuffix,
      days: spike.days.map(isoDay),
      description: spike.description,
    })),
  };
}
