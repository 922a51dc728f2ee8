import type { CostFilter } from '../../../../contracts/alerts.ts';
import { formatMonth } from '../../../../domain/calendar-labels.ts';
import { providerLabel } from '../../../../domain/cloud-providers.ts';

/** "Nov 27, 2026". */
export { formatDayWithYear as formatDay } from '../../../../domain/calendar-labels.ts';

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

/** A budget period key in words: "2024-09" is "Sep 2024", "2024-Q3" is "Q3 2024", "2024" stays. */
export function describePeriod(key: string): string {
  const quarter = /^(\d{4})-(Q[1-4])$/.exec(key);
  if (quarter) return `${quarter[2]} ${quarter[1]}`;
  if (/^\d{4}-\d{2}$/.test(key)) return formatMonth(`${key}-01`);
  return key;
}
