import type { RecommendationKind } from '../../../../contracts/recommendation-list.ts';

/** Each kind of recommendation as the screen names it, and the colour of its badge. */
export const KIND_NAMES: Record<RecommendationKind, string> = {
  'idle-instance': 'Idle instance',
  rightsizing: 'Oversized instance',
  'unattached-volume': 'Unattached volume',
  'gp2-volume': 'gp2 → gp3',
  'old-snapshot': 'Old snapshot',
  'idle-address': 'Idle Elastic IP',
  'idle-nat-gateway': 'Idle NAT gateway',
  'idle-load-balancer': 'Idle load balancer',
  'idle-database': 'Idle database',
  'idle-public-ip': 'Idle public IPv4',
  'previous-generation': 'Previous generation',
  'volume-change': 'EBS volume change',
  'instance-type-change': 'Cheaper instance type',
};

export const KIND_COLORS: Record<RecommendationKind, string> = {
  'idle-instance': 'orange',
  rightsizing: 'blue',
  'unattached-volume': 'grape',
  'gp2-volume': 'cyan',
  'old-snapshot': 'indigo',
  'idle-address': 'pink',
  'idle-nat-gateway': 'teal',
  'idle-load-balancer': 'lime',
  'idle-database': 'red',
  'idle-public-ip': 'violet',
  'previous-generation': 'yellow',
  'volume-change': 'gray',
  'instance-type-change': 'green',
};

export const ACTION_NAMES = { dismissed: 'Dismissed', snoozed: 'Snoozed', expected: 'Expected' } as const;
