import { describe, expect, it } from 'vitest';
import type { Ec2FindingView } from '../../../../contracts/recommendations.ts';
import { figuresOf } from './finding-cards.tsx';

const running = {
  labels: [],
  monthly_cost_now: 560.64,
  monthly_cost_after: 159.7459,
  cpu_percentile: 10,
} as unknown as Ec2FindingView;

describe("a phone card's figures", () => {
  it('gives the cost now and after, and the CPU the choice rests on', () => {
    expect(figuresOf(running, 99.5)).toBe('$560.64 a month now · $159.75 after · CPU p99.5 10%');
  });

  it('prices a stopped instance as when running, since it bills no instance hours', () => {
    const stopped = { ...running, labels: ['stopped'], monthly_cost_after: null, cpu_percentile: null };
    expect(figuresOf(stopped as Ec2FindingView, 99.5)).toBe('$560.64 a month when running');
  });
});
