/**
 * How fast one vCPU of a family is, relative to another, where AWS documents it: a rightsizing move to
 * slower cores must project the CPU those cores would show, not treat every vCPU as equal.
 */

interface CoreSpeed {
  /** Per-vCPU compute relative to Graviton2 (arm64) or to the Intel Xeon of the 5th generation (x86_64). */
  relative: number;
  processor: string;
  source: string;
}

const GRAVITON2_OVER_A1 =
  'AWS, "Graviton2 delivers 7x the performance of A1 with 4x the cores" (re:Invent 2019 launch of M6g, C6g, R6g): 1.75x per core';
const GRAVITON3 = 'AWS, C7g/M7g/R7g launch: "up to 25% better compute performance than Graviton2"';
const SKYLAKE_OVER_BROADWELL =
  'AWS, M5 launch (2017): "14% better price/performance than M4 on a per-core basis"';
const SKYLAKE_OVER_HASWELL = 'AWS, C5 launch (2017): "25% price/performance improvement over C4"';
const ICE_LAKE =
  'AWS, M6i/C6i/R6i launch: "up to 15% better compute price performance than M5/C5/R5" at the same price';

/** Families by their processor; a family not listed has no documented figure and is taken as equal. */
const CORE_SPEEDS: Array<{ families: RegExp; speed: CoreSpeed }> = [
  {
    families: /^a1$/,
    speed: { relative: 1 / 1.75, processor: 'Graviton (first generation)', source: GRAVITON2_OVER_A1 },
  },
  {
    families: /^(c6g|c6gd|c6gn|m6g|m6gd|r6g|r6gd|t4g|x2gd)$/,
    speed: { relative: 1, processor: 'Graviton2', source: GRAVITON2_OVER_A1 },
  },
  {
    families: /^(c7g|c7gd|c7gn|m7g|m7gd|r7g|r7gd)$/,
    speed: { relative: 1.25, processor: 'Graviton3', source: GRAVITON3 },
  },
  {
    families: /^m4$/,
    speed: {
      relative: 1 / 1.14,
      processor: 'Intel Xeon (Broadwell/Haswell)',
      source: SKYLAKE_OVER_BROADWELL,
    },
  },
  {
    families: /^c4$/,
    speed: { relative: 1 / 1.25, processor: 'Intel Xeon (Haswell)', source: SKYLAKE_OVER_HASWELL },
  },
  {
    families: /^(c5|c5d|m5|m5d|r5|r5d)$/,
    speed: { relative: 1, processor: 'Intel Xeon (Skylake/Cascade Lake)', source: ICE_LAKE },
  },
  {
    families: /^(c6i|c6id|m6i|m6id|r6i|r6id)$/,
    speed: { relative: 1.15, processor: 'Intel Xeon (Ice Lake)', source: ICE_LAKE },
  },
];

export function coreSpeedOf(family: string): CoreSpeed | null {
  return CORE_SPEEDS.find((entry) => entry.families.test(family))?.speed ?? null;
}

/**
 * What the candidate's vCPUs are worth against the current ones: below 1 when both figures are
 * documented and the candidate's cores are slower; 1 otherwise (a faster core is not counted on).
 */
export function coreSlowdown(currentFamily: string, candidateFamily: string): number {
  const current = coreSpeedOf(currentFamily);
  const candidate = coreSpeedOf(candidateFamily);
  if (!current || !candidate) return 1;
  return Math.min(1, candidate.relative / current.relative);
}
