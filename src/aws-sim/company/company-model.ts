import { DATA_FAMILIES } from './families-data.ts';
import { IDLE_FAMILIES } from './families-idle.ts';
import { OPERATIONS_FAMILIES } from './families-operations.ts';
import { PLATFORM_FAMILIES } from './families-platform.ts';
import { buildFleet, type FleetInstance } from './fleet.ts';
import type { ResourceFamily } from './resource-family.ts';
import { type PlantedSpike, plantedSpikes, type SpendShape } from './spend-shape.ts';
import { startOfUtcDay } from './timeline.ts';
import { buildCompanyWaste, type CompanyWaste } from './waste.ts';

/** Everything the generators need to know about the company, fixed by the anchor day. */
export interface CompanyModel extends SpendShape {
  spikes: PlantedSpike[];
  fleet: FleetInstance[];
  families: ResourceFamily[];
  /** Volumes, snapshots and addresses left behind (tests may add more or delete some). */
  waste: CompanyWaste;
}

export function buildCompanyModel(startedAtMs: number): CompanyModel {
  const anchorDay = startOfUtcDay(startedAtMs);
  const shape: SpendShape = { anchorDay };
  const fleet = buildFleet(anchorDay);
  const families = [...PLATFORM_FAMILIES, ...DATA_FAMILIES, ...OPERATIONS_FAMILIES, ...IDLE_FAMILIES];
  return {
    ...shape,
    spikes: plantedSpikes(shape),
    fleet,
    families,
    waste: buildCompanyWaste(fleet, anchorDay),
  };
}
