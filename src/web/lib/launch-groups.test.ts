import { describe, expect, it } from 'vitest';
import type { LaunchLedgerRowView } from '../../contracts/launch-events.ts';
import { groupRunningLaunches } from './launch-groups.ts';

const row = (overrides: Partial<LaunchLedgerRowView>): LaunchLedgerRowView => ({
  id: overrides.resource_id ?? 'i-1',
  integration_id: 'int-1',
  integration_name: 'Acme',
  resource_kind: 'ec2-instance',
  resource_id: 'i-1',
  type: 'p4d.24xlarge',
  previous_type: null,
  origin: 'launch',
  count: 1,
  region: 'us-east-1',
  account_id: '746251839027',
  launched_by: 'arn:aws:iam::746251839027:user/maya.chen',
  started_at: '2025-03-03T09:00:00Z',
  launch_key: 'call:run-1',
  ended_at: null,
  running: true,
  usd_per_hour: 21.96,
  added_usd_per_hour: 21.96,
  added_usd_per_day: 527.04,
  price_source: 'catalog',
  unknown_reason: null,
  billed: false,
  ...overrides,
});

describe('the dashboard card’s launch lines', () => {
  it('reads a burst of eight instances as one line with their summed run-rate', () => {
    const rows = Array.from({ length: 8 }, (_, index) => row({ resource_id: `i-${index}` }));
    const [group, ...rest] = groupRunningLaunches(rows);
    expect(rest).toHaveLength(0);
    expect(group?.count).toBe(8);
    expect(group?.addedUsdPerHour).toBeCloseTo(175.68);
  });

  it('keeps different types, regions and callers apart, largest run-rate first, unpriced last', () => {
    const groups = groupRunningLaunches([
      row({ resource_id: 'i-small', type: 't3.micro', added_usd_per_hour: 0.0104 }),
      row({ resource_id: 'i-odd', type: null, added_usd_per_hour: null, price_source: null }),
      row({ resource_id: 'i-gpu', region: 'eu-west-1' }),
    ]);
    expect(groups.map((group) => group.type)).toEqual(['p4d.24xlarge', 't3.micro', null]);
  });

  it('says a group’s price is unknown when one of its rows is, rather than understate it', () => {
    const [group] = groupRunningLaunches([
      row({ resource_id: 'i-a' }),
      row({ resource_id: 'i-b', added_usd_per_hour: null }),
    ]);
    expect(group?.addedUsdPerHour).toBeNull();
  });

  it('leaves out ended rows and rows the bill has taken over', () => {
    expect(
      groupRunningLaunches([
        row({ resource_id: 'i-a', running: false, ended_at: '2025-03-03T10:00:00Z' }),
        row({ resource_id: 'i-b', billed: true }),
      ]),
    ).toEqual([]);
  });
});
