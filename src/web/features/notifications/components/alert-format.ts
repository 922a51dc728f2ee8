import { type CostFilter, NOTIFICATION_KINDS, type NotificationKind } from '../../../../contracts/alerts.ts';
import { providerLabel } from '../../../../domain/cloud-providers.ts';

export { formatWhen } from '../../../lib/instant-format.ts';
export { formatUsd } from '../../../lib/usd-format.ts';

/** "All spend", or the accounts, services, tag value and clouds the budget or rule watches. */
export function describeFilter(filter: CostFilter): string {
  const parts = [
    filter.account_ids.length > 0 ? `Accounts ${filter.account_ids.join(', ')}` : '',
    filter.services.length > 0 ? filter.services.join(', ') : '',
    filter.tag ? `Tag ${filter.tag.key} = ${filter.tag.value}` : '',
    filter.providers.length > 0 ? filter.providers.map(providerLabel).join(', ') : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'All spend';
}

/** What each alert kind is called: one alert of it, and the kind as a choice among the others. */
const ALERT_KIND_NAMES: Record<NotificationKind, { one: string; choice: string }> = {
  budget: { one: 'Budget', choice: 'Budgets' },
  'cost-threshold': { one: 'Cost threshold', choice: 'Cost thresholds' },
  anomaly: { one: 'Anomaly', choice: 'Anomalies' },
  'idle-ec2': { one: 'Idle EC2', choice: 'Idle EC2' },
  launch: { one: 'Launch', choice: 'Launches' },
  'live-spend': { one: 'Live spend', choice: 'Live spend (metered usage)' },
  commitments: { one: 'Commitment', choice: 'Commitments (Savings Plans, reservations)' },
};

/** The badge of one alert, rule or delivery; a test message is not a kind anyone chooses. */
export const kindLabel = (kind: NotificationKind | 'test'): string =>
  kind === 'test' ? 'Test' : ALERT_KIND_NAMES[kind].one;

/** The kinds a person or a channel can choose, in the contract's order. */
export const KIND_CHOICES = NOTIFICATION_KINDS.map((kind) => ({
  value: kind,
  label: ALERT_KIND_NAMES[kind].choice,
}));
