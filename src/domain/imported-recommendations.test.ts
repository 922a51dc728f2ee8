import { describe, expect, it } from 'vitest';
import {
  type ImportedRecommendationFacts,
  importedKind,
  importedWhy,
  isImportable,
  oneImportPerResource,
} from './imported-recommendations.ts';

const facts = (change: Partial<ImportedRecommendationFacts>): ImportedRecommendationFacts => ({
  source: 'compute-optimizer',
  resourceType: 'instance',
  awsFinding: 'Overprovisioned',
  currentConfiguration: 'm5.4xlarge',
  recommendedConfiguration: 'm5.2xlarge',
  monthlySavings: 280.32,
  savingsPercentage: 50,
  idle: false,
  lookBackDays: 14,
  cpuMaximum: 10,
  migrationEffort: 'VeryLow',
  ...change,
});

describe('imported recommendations', () => {
  it("count under Spendguard's own kinds", () => {
    expect(importedKind(facts({}))).toBe('rightsizing');
    expect(importedKind(facts({ idle: true }))).toBe('idle-instance');
    expect(
      importedKind(
        facts({
          awsFinding: 'Optimized',
          currentConfiguration: 'm4.xlarge',
          recommendedConfiguration: 'm5.xlarge',
        }),
      ),
    ).toBe('previous-generation');
    expect(
      importedKind(
        facts({
          awsFinding: 'Optimized',
          currentConfiguration: 'r6i.xlarge',
          recommendedConfiguration: 'r6g.xlarge',
        }),
      ),
    ).toBe('instance-type-change');
    const volume = { resourceType: 'volume' as const, awsFinding: 'NotOptimized' };
    expect(
      importedKind(
        facts({ ...volume, currentConfiguration: 'gp2 1500 GiB', recommendedConfiguration: 'gp3 1500 GiB' }),
      ),
    ).toBe('gp2-volume');
    expect(
      importedKind(
        facts({ ...volume, currentConfiguration: 'io1 500 GiB', recommendedConfiguration: 'gp3 500 GiB' }),
      ),
    ).toBe('volume-change');
  });

  it('import only what saves money', () => {
    expect(isImportable({ monthlySavings: 12.5 })).toBe(true);
    expect(isImportable({ monthlySavings: 0 })).toBe(false);
    expect(isImportable({ monthlySavings: null })).toBe(false);
  });

  it('say what AWS found, what it recommends and that its estimate is On-Demand', () => {
    expect(importedWhy(facts({}))).toBe(
      'Compute Optimizer finds it over-provisioned (CPU peaked at 10% over 14 days) and recommends m5.2xlarge instead of m5.4xlarge (migration effort: VeryLow): $280.32 a month by its estimate (50%), On-Demand before discounts.',
    );
    expect(
      importedWhy(facts({ idle: true, cpuMaximum: null, lookBackDays: null, migrationEffort: null })),
    ).toBe(
      'Compute Optimizer finds it idle and recommends m5.2xlarge instead of m5.4xlarge: $280.32 a month by its estimate (50%), On-Demand before discounts.',
    );
  });

  it('count an idle recommendation as the same waste Spendguard finds', () => {
    const idle = (resourceType: ImportedRecommendationFacts['resourceType'], awsFinding = 'Idle') =>
      importedKind(facts({ resourceType, awsFinding, idle: true, recommendedConfiguration: 'delete' }));
    expect(idle('instance')).toBe('idle-instance');
    expect(idle('volume', 'Unattached')).toBe('unattached-volume');
    expect(idle('rds-db-instance')).toBe('idle-database');
    expect(idle('nat-gateway')).toBe('idle-nat-gateway');
  });

  it('say what AWS recommends doing with an idle resource', () => {
    expect(
      importedWhy(
        facts({
          resourceType: 'volume',
          awsFinding: 'Unattached',
          idle: true,
          currentConfiguration: 'EBS volume',
          recommendedConfiguration: 'delete',
          monthlySavings: 40,
          savingsPercentage: 100,
          lookBackDays: 32,
          cpuMaximum: null,
          migrationEffort: null,
        }),
      ),
    ).toBe(
      'Compute Optimizer finds it unattached (over 32 days) and recommends deleting it: $40.00 a month by its estimate (100%), On-Demand before discounts.',
    );
  });

  it('keep one recommendation per resource, the larger estimate', () => {
    const kept = oneImportPerResource([
      { resourceId: 'i-1', monthlySavings: 30.37, kind: 'one size down' },
      { resourceId: 'vol-1', monthlySavings: 40, kind: 'delete' },
      { resourceId: 'i-1', monthlySavings: 60.74, kind: 'stop' },
      { resourceId: 'i-1', monthlySavings: null, kind: 'unknown' },
    ]);
    expect(kept.map((one) => `${one.resourceId} ${one.kind}`)).toEqual(['i-1 stop', 'vol-1 delete']);
  });

  it("read Cost Optimization Hub's actions as the same kinds, its estimate worded as its preference sets it", () => {
    const hub = (change: Partial<ImportedRecommendationFacts>) =>
      facts({ source: 'cost-optimization-hub', cpuMaximum: null, ...change });
    expect(importedKind(hub({ awsFinding: 'Rightsize' }))).toBe('rightsizing');
    expect(
      importedKind(
        hub({
          awsFinding: 'MigrateToGraviton',
          currentConfiguration: 'm5.xlarge',
          recommendedConfiguration: 'm6g.xlarge',
        }),
      ),
    ).toBe('instance-type-change');
    expect(
      importedKind(
        hub({
          awsFinding: 'Upgrade',
          currentConfiguration: 'm4.xlarge',
          recommendedConfiguration: 'm5.xlarge',
        }),
      ),
    ).toBe('previous-generation');
    expect(
      importedKind(
        hub({
          resourceType: 'volume',
          awsFinding: 'Upgrade',
          currentConfiguration: 'gp2 1500 GiB',
          recommendedConfiguration: 'gp3 1500 GiB',
        }),
      ),
    ).toBe('gp2-volume');
    expect(
      importedWhy(
        hub({
          awsFinding: 'MigrateToGraviton',
          currentConfiguration: 'm5.xlarge',
          recommendedConfiguration: 'm6g.xlarge',
          monthlySavings: 27.74,
          savingsPercentage: 20,
          migrationEffort: 'Medium',
        }),
      ),
    ).toBe(
      'Cost Optimization Hub finds a Graviton type cheaper (over 14 days) and recommends m6g.xlarge instead of m5.xlarge (migration effort: Medium): $27.74 a month by its estimate (20%), before or after discounts as its savings preference is set.',
    );
  });
});
