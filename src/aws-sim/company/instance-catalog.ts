import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** EC2 instance facts from the shared public catalog (on-demand Linux prices in us-east-1). */
export interface InstanceTypeFacts {
  instanceType: string;
  vcpu: number;
  memoryGib: number;
  /** As the EC2 API spells it: x86_64 or arm64. */
  architecture: 'x86_64' | 'arm64';
  gpuCount: number;
  onDemandUsdPerHour: number;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const INSTANCE_CATALOG_PATH = path.resolve(
  repoRoot,
  '../shared/data/ec2-instance-catalog-us-east-1.csv',
);

let catalog: Map<string, InstanceTypeFacts> | undefined;

function readCatalog(): Map<string, InstanceTypeFacts> {
  const [header = '', ...lines] = readFileSync(INSTANCE_CATALOG_PATH, 'utf8').trim().split(/\r?\n/);
  const columns = header.split(',');
  const column = (cells: string[], name: string) => cells[columns.indexOf(name)] ?? '';
  const facts = new Map<string, InstanceTypeFacts>();
  for (const line of lines) {
    const cells = line.split(',');
    const price = Number(column(cells, 'od_linux_usd_per_hr_us_east_1'));
    if (!Number.isFinite(price) || price <= 0) continue;
    const instanceType = column(cells, 'instance_type');
    facts.set(instanceType, {
      instanceType,
      vcpu: Number(column(cells, 'vcpu')),
      memoryGib: Number(column(cells, 'memory_gib')),
      architecture: column(cells, 'arch') === 'arm64' ? 'arm64' : 'x86_64',
      gpuCount: Number(column(cells, 'gpu_count')),
      onDemandUsdPerHour: price,
    });
  }
  return facts;
}

/** Every priced type of the catalog (what the simulated Price List API offers). */
export function allInstanceTypeFacts(): InstanceTypeFacts[] {
  catalog ??= readCatalog();
  return [...catalog.values()];
}

export function instanceTypeFacts(instanceType: string): InstanceTypeFacts {
  catalog ??= readCatalog();
  const facts = catalog.get(instanceType);
  if (!facts) throw new Error(`Instance type ${instanceType} has no price in ${INSTANCE_CATALOG_PATH}`);
  return facts;
}
