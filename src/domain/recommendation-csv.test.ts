import { describe, expect, it } from 'vitest';
import { recommendationsCsv } from './recommendation-csv.ts';

describe('recommendationsCsv', () => {
  it('writes a price-unknown finding with its reason and an empty figure, never a zero', () => {
    const csv = recommendationsCsv([
      {
        kind: 'old-snapshot',
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
      'Kind,Resource,Name,Account,Region,Owner,Monthly savings (USD),Price,Why,Action,Reason',
    );
    expect(row).toBe(
      `old-snapshot,snap-1,"'=cmd|""/c calc""!A1",111111111111,us-east-1,,,price unknown: not billed yet,Snapshot of a volume that is gone,expected,"'@SUM(1)"`,
    );
  });
});
