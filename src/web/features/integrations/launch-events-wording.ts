import type { LaunchEventsStatusView } from '../../../contracts/launch-events.ts';

type LaunchEventsState = LaunchEventsStatusView['state'];

/** The badge of each state on the integration card. */
export const LAUNCH_EVENTS_BADGES: Record<LaunchEventsState, { color: string; label: string }> = {
  arriving: { color: 'teal', label: 'Arriving' },
  waiting: { color: 'blue', label: 'Waiting for the first event' },
  'queue-missing': { color: 'orange', label: 'Queue missing' },
  'access-denied': { color: 'red', label: 'Access denied' },
  error: { color: 'red', label: 'Error' },
  'not-applicable': { color: 'gray', label: 'Not applicable' },
};

/** What to do about a state when the server sent no message of its own. */
const REMEDIES: Partial<Record<LaunchEventsState, string>> = {
  arriving: 'A launch in a covered region shows on the dashboard within about a minute.',
  waiting:
    'The queue answers, but no event has come yet: nothing was launched or stopped in this region since it was set up, or its EventBridge rules are missing.',
  'queue-missing':
    'The spendguard-launch-events queue does not exist: update the stack to the current template (LaunchEvents=Enabled).',
  'access-denied':
    'The role may not read the queue: update the stack so the role gets sqs:ReceiveMessage on spendguard-launch-events.',
  'not-applicable': 'Uploaded files have no AWS access: there is no queue to read.',
};

export const launchEventsMessage = (state: LaunchEventsState, message: string | null) =>
  message ?? REMEDIES[state] ?? null;

/**
 * The two kinds of event arrive by different paths: state changes need no trail, API calls (type,
 * count, who) need a trail with management events. When only the first arrive, say what is missing.
 */
export function apiCallEventsGap(
  status: Pick<LaunchEventsStatusView, 'last_state_change_at' | 'last_api_call_at'>,
): string | null {
  if (status.last_api_call_at || !status.last_state_change_at) return null;
  return 'No CloudTrail API-call event has arrived: no trail with management events, so the type and who launched are unknown until the inventory sync. Set ManagementEventsTrail=Enabled in one region, or use an organization trail.';
}

/** "1 message rejected" / "3 messages rejected": not launch events, counted, kept and deleted. */
export const rejectedLabel = (count: number) => `${count} ${count === 1 ? 'message' : 'messages'} rejected`;
