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

/**
 * The groups behind the fleet's Auto Scaling instances (desired = the instances it runs, min the same,
 * max three times that).
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
  return { autoScalingGroups: [...groups.values()] };
}

export type ScalableResources = ReturnType<typeof buildScalableResources>;
