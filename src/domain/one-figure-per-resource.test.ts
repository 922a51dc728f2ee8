import { describe, expect, it } from 'vitest';
import { oneFigurePerResource, type SourcedFinding } from './one-figure-per-resource.ts';

const finding = (change: Partial<SourcedFinding>): SourcedFinding => ({
  kind: 'gp2-volume',
  source: 'spendguard',
  integration_id: 'int-1',
  resource_id: 'vol-0archive',
  monthly_savings: 31.2,
  price: { known: true, basis: 'bill', source: 'the bill for 2026-10' },
  why: 'gp2 at 1500 GiB.',
  ...change,
});
const aws = (change: Partial<SourcedFinding>) =>
  finding({
    source: 'compute-optimizer',
    monthly_savings: 30,
    price: { known: true, basis: 'aws-estimate', source: "Compute Optimizer's estimate" },
    why: 'Compute Optimizer recommends gp3.',
    ...change,
  });
const total = (items: SourcedFinding[]) => items.reduce((sum, item) => sum + (item.monthly_savings ?? 0), 0);

describe('one resource, one figure', () => {
  it("counts a resource both flag once, at Spendguard's bill figure, naming AWS's estimate", () => {
    const result = oneFigurePerResource([finding({}), aws({})]);
    expect(result).toHaveLength(1);
    expect(result[0]?.source).toBe('spendguard');
    expect(result[0]?.monthly_savings).toBe(31.2);
    expect(result[0]?.price).toMatchObject({ basis: 'bill' });
    expect(result[0]?.why).toBe(
      "gp2 at 1500 GiB. Compute Optimizer flags it too, at $30.00 a month: Compute Optimizer recommends gp3. Counted once, Spendguard's figure kept.",
    );
    expect(total(result)).toBe(31.2);
  });

  it("takes AWS's estimate where Spendguard could not price the resource, and says so", () => {
    const [merged] = oneFigurePerResource([
      finding({ monthly_savings: null, price: { known: false, reason: 'not on the bill' } }),
      aws({}),
    ]);
    expect(merged?.source).toBe('spendguard');
    expect(merged?.monthly_savings).toBe(30);
    expect(merged?.price).toEqual({
      known: true,
      basis: 'aws-estimate',
      source: "Compute Optimizer's estimate (On-Demand, before discounts)",
    });
    expect(merged?.why).toContain('since Spendguard could not price it');
  });

  it('folds AWS into the same kind when Spendguard has several findings on the resource, else the largest', () => {
    const instance = { resource_id: 'i-0legacy' };
    const result = oneFigurePerResource([
      finding({ ...instance, kind: 'idle-instance', monthly_savings: 60, why: 'Idle.' }),
      finding({ ...instance, kind: 'previous-generation', monthly_savings: 6, why: 'm4 is old.' }),
      aws({ ...instance, kind: 'previous-generation', monthly_savings: 5.84 }),
      aws({ resource_id: 'i-0other', kind: 'rightsizing', monthly_savings: 100 }),
    ]);
    expect(result.map((item) => [item.kind, item.source])).toEqual([
      ['idle-instance', 'spendguard'],
      ['previous-generation', 'spendguard'],
      ['rightsizing', 'compute-optimizer'],
    ]);
    expect(result[1]?.why).toContain('Compute Optimizer flags it too, at $5.84 a month');
    expect(result[0]?.why).toBe('Idle.');
    const elsewhere = oneFigurePerResource([
      finding({ ...instance, kind: 'idle-instance', monthly_savings: 60, why: 'Idle.' }),
      aws({ ...instance, kind: 'rightsizing', monthly_savings: 40 }),
    ]);
    expect(elsewhere).toHaveLength(1);
    expect(elsewhere[0]?.why).toContain('$40.00 a month');
  });

  it('keeps the larger of two AWS recommendations on a resource Spendguard did not flag', () => {
    const result = oneFigurePerResource([
      aws({ kind: 'rightsizing', resource_id: 'i-0kafka', monthly_savings: 36.65, why: 'Graviton.' }),
      aws({ kind: 'idle-instance', resource_id: 'i-0kafka', monthly_savings: 183.96, why: 'Idle.' }),
    ]);
    expect(result.map((item) => item.kind)).toEqual(['idle-instance']);
    expect(result[0]?.why).toBe(
      'Idle. Compute Optimizer flags it too, at $36.65 a month: Graviton. Counted once, the larger kept.',
    );
  });

  it('leaves other resources and other integrations alone', () => {
    const items = [finding({}), aws({ integration_id: 'int-2' }), aws({ resource_id: 'vol-0other' })];
    expect(oneFigurePerResource(items)).toEqual(items);
  });
});
