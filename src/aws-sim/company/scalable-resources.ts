import { ACCOUNTS } from './company-profile.ts';
import type { FleetInstance } from './fleet.ts';

/** An Auto Scaling group: its sizes change through UpdateAutoScalingGroup. */
export interface SimAutoScalingGroup {
  name: string;
  accountId: string;
  region: string;
  minSize: number;
  maxSize: number;
  desiredCapacity: number;
  tags: Record<string, string>;
}

/** An RDS DB instance: `available` or `stopped` (and the states between, held by a test). */
export interface SimDbInstance {
  identifier: string;
  accountId: string;
  region: string;
  instanceClass: string;
  engine: string;
  status: 'available' | 'stopped' | 'stopping' | 'starting' | 'modifying';
  tags: Record<string, string>;
}

/**
 * The groups behind the fleet's Auto Scaling instances (desired = the instances it runs, min the same,
 * max three times that), and the databases the bill's RDS lines come from.
 */
export function buildScalableResources(fleet: FleetInstance[]) {
  const groups = new Map<string, SimAutoScalingGroup>();
  for (const instance of fleet) {
    if (!instance.autoScalingGroup) continue;
    const group = groups.get(instance.autoScalingGroup) ?? {
      name: instance.autoScalingGroup,
      accountId: instance.accountId,
      region: instance.region,
      minSize: 0,
      maxSize: 0,
      desiredCapacity: 0,
      tags: { team: instance.team, project: instance.project },
    };
    group.minSize += 1;
    group.desiredCapacity += 1;
    group.maxSize = group.desiredCapacity * 3;
    groups.set(group.name, group);
  }
  const databases: SimDbInstance[] = [
    {
      identifier: 'orders-db',
      accountId: ACCOUNTS.prod.id,
      region: 'us-east-1',
      instanceClass: 'db.m6g.large',
      engine: 'postgres',
      status: 'available',
      tags: { team: 'payments', project: 'checkout' },
    },
    {
      identifier: 'staging-db',
      accountId: ACCOUNTS.staging.id,
      region: 'us-east-1',
      instanceClass: 'db.t4g.medium',
      engine: 'postgres',
      status: 'available',
      tags: { team: 'web', project: 'storefront' },
    },
    {
      identifier: 'analytics-db',
      accountId: ACCOUNTS.data.id,
      region: 'us-east-1',
      instanceClass: 'db.r6g.xlarge',
      engine: 'postgres',
      status: 'available',
      tags: { team: 'data', project: 'ledger' },
    },
  ];
  return { autoScalingGroups: [...groups.values()], databases };
}

export type ScalableResources = ReturnType<typeof buildScalableResources>;
