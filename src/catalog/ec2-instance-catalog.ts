/**
 * The EC2 instance catalog shipped in `data-catalog/` (see its SOURCES.md): every type with its vCPUs,
 * memory, architecture, family, generation, GPUs and on-demand Linux price in us-east-1. Read once.
 * The one reader of that file: rightsizing prices candidates with it, and the AWS simulator bills and
 * describes its fleet with it.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CpuArchitecture, InstanceTypeSpec } from '../domain/rightsizing-candidates.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const INSTANCE_CATALOG_FILE = path.join(repoRoot, 'data-catalog/ec2-instance-catalog-us-east-1.csv');

/**
 * Families AWS lists as previous generation ("Previous generation instances" in the EC2 docs). The
 * catalog's `generation` column is the family's generation number, not this flag.
 */
const PREVIOUS_GENERATION_FAMILIES = new Set([
  'a1',
  'c1',
  'c3',
  'c4',
  'd2',
  'g2',
  'g3',
  'i2',
  'm1',
  'm2',
  'm3',
  'm4',
  'p2',
  'r3',
  'r4',
  't1',
]);

/** The catalog says `amd64` (as Karpenter and Go do); EC2 and the rules say `x86_64`. */
function architectureOf(value: string): CpuArchitecture {
  if (value === 'arm64') return 'arm64';
  if (value === 'amd64' || value === 'x86_64') return 'x86_64';
  throw new Error(`unknown architecture "${value}" in ${INSTANCE_CATALOG_FILE}`);
}

function numberOrNull(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Parses the catalog CSV (plain, no quoted fields) into the specs the rightsizing rule compares. */
export function parseInstanceCatalog(csv: string): InstanceTypeSpec[] {
  const [header = '', ...lines] = csv.trim().split(/\r?\n/);
  const columns = header.split(',');
  const index = (name: string) => {
    const at = columns.indexOf(name);
    if (at < 0) throw new Error(`the instance catalog has no column ${name}`);
    return at;
  };
  const at = {
    type: index('instance_type'),
    family: index('family'),
    vcpu: index('vcpu'),
    memory: index('memory_gib'),
    arch: index('arch'),
    gpus: index('gpu_count'),
    price: index('od_linux_usd_per_hr_us_east_1'),
  };
  return lines.map((line) => {
    const cells = line.split(',');
    const cell = (position: number) => cells[position] ?? '';
    const family = cell(at.family);
    const price = numberOrNull(cell(at.price));
    return {
      type: cell(at.type),
      family,
      generation: PREVIOUS_GENERATION_FAMILIES.has(family) ? 'previous' : 'current',
      vcpu: Number(cell(at.vcpu)),
      memoryGiB: Number(cell(at.memory)),
      architecture: architectureOf(cell(at.arch)),
      gpus: numberOrNull(cell(at.gpus)) ?? 0,
      hourlyPriceUsd: price !== null && price > 0 ? price : null,
    };
  });
}

let catalog: InstanceTypeSpec[] | undefined;

/** The shipped catalog, parsed on first use and kept for the life of the process. */
export function instanceCatalog(): readonly InstanceTypeSpec[] {
  catalog ??= parseInstanceCatalog(readFileSync(INSTANCE_CATALOG_FILE, 'utf8'));
  return catalog;
}

/** A priced type of the catalog; throws for a type the catalog does not list or does not price. */
export type PricedInstanceType = InstanceTypeSpec & { hourlyPriceUsd: number };

let priced: Map<string, PricedInstanceType> | undefined;

function pricedByType(): Map<string, PricedInstanceType> {
  priced ??= new Map(
    instanceCatalog().flatMap((spec) =>
      spec.hourlyPriceUsd === null ? [] : [[spec.type, { ...spec, hourlyPriceUsd: spec.hourlyPriceUsd }]],
    ),
  );
  return priced;
}

export function pricedInstanceType(type: string): PricedInstanceType {
  const spec = pricedByType().get(type);
  if (!spec) throw new Error(`Instance type ${type} has no price in ${INSTANCE_CATALOG_FILE}`);
  return spec;
}

/** Every priced type (what the simulated Price List API offers). */
export function pricedInstanceTypes(): PricedInstanceType[] {
  return [...pricedByType().values()];
}
