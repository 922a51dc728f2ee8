import type { LaunchEventsStatusView } from '../../../contracts/launch-events.ts';
import { noQueueVerdict, type RegionProbe } from '../../../domain/launch-event-regions.ts';
import { accountOfRoleArn } from '../../../domain/role-arn.ts';
import type { AwsTarget } from '../integrations/integrations.service.ts';
import type { LaunchEventQueueRow } from './launch-events.repository.ts';

type State = LaunchEventsStatusView['state'];

/** An event in the last 24 hours: events are arriving. */
const ARRIVING_WITHIN_MS = 86_400_000;
/** When no queue answers, the card names the most actionable cause first. */
const FAILURE_ORDER: State[] = ['access-denied', 'queue-missing', 'error'];

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const latest = (...dates: Array<Date | null | undefined>) =>
  dates.reduce<Date | null>((max, date) => (date && (!max || date > max) ? date : max), null);

const accountOf = (target: AwsTarget) =>
  target.identity?.kind === 'aws-role'
    ? (accountOfRoleArn(target.identity.roleArn) ?? 'this account')
    : "the server's account";

/** Whether one integration's launch events are arriving, from its queues' last polls and its last events. */
export function launchEventsStatusOf(
  target: AwsTarget,
  facts: {
    queues: LaunchEventQueueRow[];
    /** Each region's last answer to "is the queue there?" (the poller polls where it is). */
    probes: RegionProbe[];
    times?: { stateChange: Date | null; apiCall: Date | null };
    rejectedCount: number;
    apiDestination: boolean;
    nowMs: number;
  },
): LaunchEventsStatusView {
  const recent = (date: Date | null | undefined) =>
    date !== null && date !== undefined && facts.nowMs - date.getTime() < ARRIVING_WITHIN_MS;
  const queues = facts.queues.map((queue) => ({
    region: queue.region,
    queue_url: queue.queue_url,
    state:
      queue.state === 'waiting' && recent(latest(queue.last_state_change_at, queue.last_api_call_at))
        ? ('arriving' as const)
        : (queue.state as State),
    message: queue.message,
    last_polled_at: iso(queue.last_polled_at),
  }));
  const lastEvent = latest(facts.times?.stateChange, facts.times?.apiCall);
  const noQueue =
    queues.length === 0 && target.identity ? noQueueVerdict(facts.probes, accountOf(target)) : null;
  let state: State;
  let message: string | null = null;
  if (recent(lastEvent)) state = 'arriving';
  else if (!target.identity && !facts.apiDestination) {
    state = 'not-applicable';
    message = 'This integration has no AWS access to poll (uploaded billing files only).';
  } else if (noQueue) {
    state = noQueue.state;
    message = noQueue.message;
  } else if (
    queues.length === 0 ||
    queues.some((queue) => queue.state === 'waiting' || queue.state === 'arriving')
  ) {
    state = 'waiting';
    message =
      queues.length === 0 && target.identity ? 'Not polled yet: a worker starts within a minute.' : null;
  } else {
    const failed = FAILURE_ORDER.map((candidate) => queues.find((queue) => queue.state === candidate)).find(
      (queue) => queue !== undefined,
    );
    state = failed?.state ?? 'error';
    message = failed?.message ?? null;
  }
  const polled = facts.queues.map((queue) => queue.last_polled_at);
  return {
    integration_id: target.id,
    state,
    message,
    last_state_change_at: iso(facts.times?.stateChange),
    last_api_call_at: iso(facts.times?.apiCall),
    last_polled_at: iso(latest(...polled)),
    rejected_count: facts.rejectedCount,
    queues,
    api_destination: facts.apiDestination,
  };
}
