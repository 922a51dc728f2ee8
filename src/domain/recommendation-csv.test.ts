import { describe, expect, it } from 'vitest';
import { recommendationsCsv } from './recommendation-csv.ts';

describe('recommendationsCsv', () => {
  it('writes a price-unknown finding with its reason and an empty figure, never a zero', () => {
    const csv = recommendationsCsv([
      {
        kind: 'old-snapshot',
        source: 'spendguard',
        resource_id: 'snap-1',
        name: '=cmd|"/c calc"!A1',
        account_id: '111111111111',
        region: 'us-east-1',
        owner: null,
        monthly_savings: null,
        price: { known: false, reason: 'not billed yet' },
        why: 'Snapshot of a volume that is gone',
        action: { kind: 'expected', reason: '@SUM(1)' },
      },
    ]);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe(
      'Kind,Source,Resource,Name,Account,Region,Owner,Monthly savings (USD),Price,Why,Action,Reason',
    );
    expect(row).toBe(
      `old-snapshot,Spendguard,snap-1,"'=cmd|""/c calc""!A1",111111111111,us-east-1,,,price unknown: not billed yet,Snapshot of a volume that is gone,expected,"'@SUM(1)"`,
    );
  });

  it('names the source of an imported recommendation', () => {
    const csv = recommendationsCsv([
      {
        kind: 'rightsizing',
        source: 'compute-optimizer',
        resource_id: 'i-0abc',
        name: 'batch-legacy',
        account_id: '111111111111',
        region: 'us-east-1',
        owner: { name: 'Data' },
        monthly_savings: 280.32,
        price: { known: true, source: "Compute Optimizer's estimate" },
        why: 'Over-provisioned.',
        action: null,
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe(
      "rightsizing,Compute Optimizer,i-0abc,batch-legacy,111111111111,us-east-1,Data,280.32,Compute Optimizer's estimate,Over-provisioned.,,",
    );
  });
});
