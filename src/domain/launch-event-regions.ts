/**
 * Where an integration's launch-events queues are (decision 046). The template's queue is
 * regional and a customer deploys it in the regions they use (one stack a region, or a StackSet), so
 * the poller discovers them: it asks each commercial region for the queue's attributes (the role's
 * `sqs:GetQueueAttributes` on `arn:aws:sqs:*:<account>:spendguard-launch-events`) and polls where
 * the queue exists. These are the rules for what a probe's answers mean; the probing is the poller's.
 */

/**
 * The commercial AWS regions (the `aws` partition) as of late 2025, opt-in ones included; the SDK
 * has no list of its own. China and GovCloud are other partitions, with other accounts and
 * credentials, and are not probed. A region AWS adds later is not probed until it is added here; a
 * region that is not enabled for the account answers an error that skips it.
 */
export const COMMERCIAL_AWS_REGIONS: readonly string[] = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'af-south-1',
  'ap-east-1',
  'ap-east-2',
  'ap-south-1',
  'ap-south-2',
  'ap-southeast-1',
  'ap-southeast-2',
  'ap-southeast-3',
  'ap-southeast-4',
  'ap-southeast-5',
  'ap-southeast-7',
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-northeast-3',
  'ca-central-1',
  'ca-west-1',
  'eu-central-1',
  'eu-central-2',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'eu-south-1',
  'eu-south-2',
  'eu-north-1',
  'il-central-1',
  'me-central-1',
  'me-south-1',
  'mx-central-1',
  'sa-east-1',
];

/** The regions are probed again about hourly: a stack deployed in a new region is heard within the hour. */
export const REGION_PROBE_EVERY_MS = 3_600_000;

/**
 * What one region answered: the queue is there; it is not (`QueueDoesNotExist`); the role was refused
 * (no `sqs:GetQueueAttributes`, or a service control policy that closes the region); or no answer
 * (unknown endpoint, a region not enabled for the account, the network, a timeout).
 */
export type RegionProbeOutcome = 'queue' | 'no-queue' | 'denied' | 'unreachable';

export interface RegionProbe {
  region: string;
  outcome: RegionProbeOutcome;
  probedAtMs: number;
}

/**
 * Whether a session probes before it polls: never probed, nothing found last time (the session
 * comes back every few minutes then, so a queue just deployed is found at once), or the last
 * probe is an hour old.
 */
export function regionProbeDue(probes: readonly RegionProbe[], nowMs: number): boolean {
  if (probes.length === 0 || regionsWithQueue(probes).length === 0) return true;
  const last = Math.max(...probes.map((probe) => probe.probedAtMs));
  return nowMs - last >= REGION_PROBE_EVERY_MS;
}

/** The regions to poll: where the last answer was "the queue is there". */
export function regionsWithQueue(probes: readonly RegionProbe[]): string[] {
  return probes
    .filter((probe) => probe.outcome === 'queue')
    .map((probe) => probe.region)
    .sort();
}

/**
 * A new round of answers over the last: a region that did not answer this time keeps what it said
 * before (a network blip does not stop a queue being polled for an hour), or is recorded as not
 * answering when it never did.
 */
export function mergeRegionProbes(
  previous: readonly RegionProbe[],
  fresh: readonly RegionProbe[],
): RegionProbe[] {
  const before = new Map(previous.map((probe) => [probe.region, probe]));
  return fresh.map((probe) => {
    const earlier = before.get(probe.region);
    return probe.outcome === 'unreachable' && earlier && earlier.outcome !== 'unreachable' ? earlier : probe;
  });
}

export interface NoQueueVerdict {
  state: 'queue-missing' | 'access-denied' | 'error';
  message: string;
}

const QUEUE = 'spendguard-launch-events';

const listed = (regions: readonly string[]) => regions.join(', ');

/**
 * What the card says when no region has the queue (null while some region has it, or before any
 * probe): the regions asked, and why nothing can be polled.
 */
export function noQueueVerdict(probes: readonly RegionProbe[], accountId: string): NoQueueVerdict | null {
  if (probes.length === 0 || regionsWithQueue(probes).length > 0) return null;
  const of = (outcome: RegionProbeOutcome) =>
    probes
      .filter((probe) => probe.outcome === outcome)
      .map((probe) => probe.region)
      .sort();
  const absent = of('no-queue');
  const denied = of('denied');
  if (absent.length === 0 && denied.length === 0)
    return {
      state: 'error',
      message: `No region answered when asked for the ${QUEUE} queue of account ${accountId} (${probes.length} regions probed): the server may not reach SQS; the log names each failure.`,
    };
  if (absent.length === 0)
    return {
      state: 'access-denied',
      message: `The role may not read ${QUEUE} in any of the ${denied.length} regions probed (AccessDenied on sqs:GetQueueAttributes): update the stack so the role has sqs:ReceiveMessage, sqs:DeleteMessage and sqs:GetQueueAttributes on it.`,
    };
  const refused =
    denied.length > 0 ? ` The role was refused in ${listed(denied)}: a queue there cannot be seen.` : '';
  return {
    state: 'queue-missing',
    message: `No region has a ${QUEUE} queue in account ${accountId} (QueueDoesNotExist in each of the ${absent.length} regions probed: ${listed(absent)}). Update the stack with LaunchEvents=Enabled, and deploy it with LaunchEventsOnly=true in the other regions you use (one stack a region or a StackSet).${refused}`,
  };
}
