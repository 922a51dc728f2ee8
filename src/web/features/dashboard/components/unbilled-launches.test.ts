import { describe, expect, it } from 'vitest';
import type { LaunchLedgerView } from '../../../../contracts/launch-events.ts';
import { type LaunchesViewScope, launchesBeyondView, unbilledLaunchesFor } from './unbilled-launches.ts';

const row = (overrides: Partial<LaunchLedgerView['rows'][number]> = {}) =>
  ({
    id: '111111111111/us-east-1/i-1@2026-11-28T06:00:00Z',
    integration_id: 'demo',
    resource_kind: 'ec2-instance',
    origin: 'launch',
    type: 'p4d.24xlarge',
    count: 1,
    region: 'us-east-1',
    account_id: '111111111111',
    running: true,
    billed: false,
    ...overrides,
  }) as LaunchLedgerView['rows'][number];

const ledgerOf = (rows: LaunchLedgerView['rows']) =>
  ({ summary: { projected_month_end_usd: 11_470.25 }, rows }) as unknown as LaunchLedgerView;

const whole: LaunchesViewScope = { integrationId: 'demo', selectedTagValues: 'All', providers: [] };

describe('the launches named beside the bill forecast', () => {
  it("is the card's month-end impact on the integration's whole view", () => {
    expect(unbilledLaunchesFor(ledgerOf([row()]), whole)).toBe(11_470.25);
    expect(unbilledLaunchesFor(ledgerOf([row()]), { ...whole, providers: ['Amazon Web Services'] })).toBe(
      11_470.25,
    );
  });

  it('is not said when the card is not shown: nothing runs unbilled, or the ledger has not answered', () => {
    expect(unbilledLaunchesFor(ledgerOf([row({ running: false })]), whole)).toBeNull();
    expect(unbilledLaunchesFor(ledgerOf([row({ billed: true })]), whole)).toBeNull();
    expect(unbilledLaunchesFor(undefined, whole)).toBeNull();
  });

  it("is not said where the launches may not belong: another integration's, a tag or another cloud", () => {
    expect(unbilledLaunchesFor(ledgerOf([row(), row({ integration_id: 'other' })]), whole)).toBeNull();
    expect(unbilledLaunchesFor(ledgerOf([row()]), { ...whole, integrationId: 'upload' })).toBeNull();
    expect(unbilledLaunchesFor(ledgerOf([row()]), { ...whole, selectedTagValues: ['data'] })).toBeNull();
    expect(unbilledLaunchesFor(ledgerOf([row()]), { ...whole, providers: ['Microsoft'] })).toBeNull();
  });
});

describe('whether the launches card holds only the view below', () => {
  it('does for the integration in view on its whole spend or on AWS', () => {
    expect(launchesBeyondView(ledgerOf([row()]), whole)).toBeNull();
    expect(launchesBeyondView(ledgerOf([row()]), { ...whole, providers: ['AWS'] })).toBeNull();
  });

  it('names why not: another integration’s launches, a tag view, another cloud', () => {
    expect(launchesBeyondView(ledgerOf([row(), row({ integration_id: 'other' })]), whole)).toBe(
      'integration',
    );
    expect(launchesBeyondView(ledgerOf([row()]), { ...whole, selectedTagValues: ['data'] })).toBe('tags');
    expect(launchesBeyondView(ledgerOf([row()]), { ...whole, providers: ['Microsoft'] })).toBe('provider');
  });

  it('looks only at the launches the card shows: another integration’s ended or billed ones do not count', () => {
    const other = { integration_id: 'other' };
    expect(launchesBeyondView(ledgerOf([row(), row({ ...other, running: false })]), whole)).toBeNull();
    expect(launchesBeyondView(ledgerOf([row(), row({ ...other, billed: true })]), whole)).toBeNull();
  });
});
