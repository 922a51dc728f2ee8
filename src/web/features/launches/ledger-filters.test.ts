import { describe, expect, it } from 'vitest';
import { hasNarrowingFilter, ledgerFiltersToParams, readLedgerFilters } from './ledger-filters.ts';

describe('the ledger’s filters in the URL', () => {
  it('opens a shared link with every filter it names', () => {
    const filters = readLedgerFilters(
      new URLSearchParams(
        'status=running&integration_id=0b7c1d1e-6f3a-4c55-9a43-2f1d5c7e8a90&account_id=746251839027&region=us-east-1&kind=ec2-instance',
      ),
    );
    expect(filters).toEqual({
      status: 'running',
      integration_id: '0b7c1d1e-6f3a-4c55-9a43-2f1d5c7e8a90',
      account_id: '746251839027',
      region: 'us-east-1',
      kind: 'ec2-instance',
    });
  });

  it('shows everything when the link names nothing', () => {
    expect(readLedgerFilters(new URLSearchParams())).toEqual({ status: 'all' });
  });

  it('drops a value the server would refuse and keeps the others', () => {
    expect(
      readLedgerFilters(new URLSearchParams('status=sleeping&region=us-east-1&account_id=123&kind=lambda')),
    ).toEqual({ status: 'all', region: 'us-east-1' });
  });

  it('writes back only what narrows the list, so a reload opens the same view', () => {
    const filters = { status: 'ended', region: 'eu-west-1' } as const;
    const params = ledgerFiltersToParams(filters);
    expect(params.toString()).toBe('status=ended&region=eu-west-1');
    expect(readLedgerFilters(params)).toEqual(filters);
    expect(ledgerFiltersToParams({ status: 'all' }).toString()).toBe('');
  });

  it('knows when a filter narrows the list, to word the empty state', () => {
    expect(hasNarrowingFilter({ status: 'all' })).toBe(false);
    expect(hasNarrowingFilter({ status: 'running' })).toBe(true);
    expect(hasNarrowingFilter({ status: 'all', kind: 'nat-gateway' })).toBe(true);
  });
});
