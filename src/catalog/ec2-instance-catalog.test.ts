import { describe, expect, it } from 'vitest';
import { instanceCatalog, parseInstanceCatalog } from './ec2-instance-catalog.ts';

const spec = (type: string) => instanceCatalog().find((entry) => entry.type === type);

describe('the shipped instance catalog', () => {
  it('holds every type of the file, 1,345 of them priced', () => {
    expect(instanceCatalog()).toHaveLength(1363);
    expect(instanceCatalog().filter((entry) => entry.hourlyPriceUsd !== null)).toHaveLength(1345);
  });

  it('reads the planted types as EC2 describes them', () => {
    expect(spec('m5.4xlarge')).toEqual({
      type: 'm5.4xlarge',
      family: 'm5',
      generation: 'current',
      vcpu: 16,
      memoryGiB: 64,
      architecture: 'x86_64',
      gpus: 0,
      hourlyPriceUsd: 0.768,
    });
    expect(spec('m6g.2xlarge')).toMatchObject({ architecture: 'arm64', vcpu: 8, hourlyPriceUsd: 0.308 });
    expect(spec('g5.xlarge')).toMatchObject({ gpus: 1, hourlyPriceUsd: 1.006 });
  });

  it('maps amd64 to x86_64 and leaves no other architecture', () => {
    expect(new Set(instanceCatalog().map((entry) => entry.architecture))).toEqual(
      new Set(['x86_64', 'arm64']),
    );
  });

  it("marks AWS's previous-generation families, not the generation number", () => {
    expect(spec('m4.xlarge')?.generation).toBe('previous');
    expect(spec('c4.large')?.generation).toBe('previous');
    expect(spec('t2.micro')?.generation).toBe('current');
    expect(spec('c5.large')?.generation).toBe('current');
  });

  it('leaves a type without a price unpriced rather than free', () => {
    const parsed = parseInstanceCatalog(
      'instance_type,family,vcpu,memory_gib,arch,gpu_count,od_linux_usd_per_hr_us_east_1\nx9.huge,x9,4,8.0,amd64,0,\n',
    );
    expect(parsed[0]?.hourlyPriceUsd).toBeNull();
  });
});
