import type { SchedulingEvent } from '../../../../contracts/analytics.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Each step of the scheduling widget is an analytics event. Losing one is not worth an error. */
export function recordSchedulingEvent(event: SchedulingEvent): void {
  void apiRequest('analytics/events', {
    method: 'POST',
    body: { name: `scheduling.${event}`, path: window.location.pathname },
  }).catch(() => {});
}
