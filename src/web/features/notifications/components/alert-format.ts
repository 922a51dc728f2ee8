import type { CostFilter } from '../../../../contracts/alerts.ts';
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

export const KIND_LABELS: Record<string, string> = {
  budget: 'Budget',
  'cost-threshold': 'Cost threshold',
  anomaly: 'Anomaly',
  'idle-ec2': 'Idle EC2',
  launch: 'Launch',
  test: 'Test',
};
