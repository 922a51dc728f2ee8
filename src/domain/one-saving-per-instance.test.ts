import { describe, expect, it } from 'vitest';
import { type InstanceSaving, oneSavingPerInstance } from './one-saving-per-instance.ts';

const finding = (change: Partial<InstanceSaving>): InstanceSaving => ({
  kind: 'rightsizing',
  integration_id: 'int-1',
  resource_id: 'i-0legacy',
  monthly_savings: 50,
  why: 'CPU under 10%.',
  set_aside: false,
  ...change,
});

describe('one instance, one saving', () => {
  it('keeps the larger of rightsizing and previous generation, and names the other in its reason', () => {
    const items = [
      finding({ kind: 'rightsizing', monthly_savings: 50, why: 'CPU under 10%.' }),
      finding({ kind: 'previous-generation', monthly_savings: 20, why: 'm4 is old.' }),
      finding({ kind: 'idle-instance', resource_id: 'i-other', monthly_savings: 70 }),
    ];
    const result = oneSavingPerInstance(items);
    expect(result.map((item) => item.kind)).toEqual(['rightsizing', 'idle-instance']);
    expect(result[0]?.monthly_savings).toBe(50);
    expect(result[0]?.why).toBe(
      'CPU under 10%. Moving to the current generation would instead save $20.00 a month (counted once, the larger kept): m4 is old.',
    );
  });

  it('prefers a known saving over an unknown one, and keeps a set-aside finding apart', () => {
    const unknown = oneSavingPerInstance([
      finding({ kind: 'rightsizing', monthly_savings: null }),
      finding({ kind: 'previous-generation', monthly_savings: 5 }),
    ]);
    expect(unknown.map((item) => item.kind)).toEqual(['previous-generation']);
    expect(unknown[0]?.why).toContain('Rightsizing would instead save an unknown amount');

    const setAside = oneSavingPerInstance([
      finding({ kind: 'rightsizing', set_aside: true }),
      finding({ kind: 'previous-generation', monthly_savings: 5 }),
    ]);
    expect(setAside).toHaveLength(2);
  });

  it('leaves two instances of the same kinds apart', () => {
    const result = oneSavingPerInstance([
      finding({ kind: 'rightsizing', resource_id: 'i-a' }),
      finding({ kind: 'previous-generation', resource_id: 'i-b' }),
    ]);
    expect(result).toHaveLength(2);
  });
});
