import { pollLaunchEventsPayload } from '../../contracts/jobs.ts';
import { defineJob, sendJob } from './job-definition.ts';

/** An integration whose queues are missing or refused is tried again after this long. */
const RETRY_LATER_SECONDS = 300;

/**
 * One integration's launch-events poller (decision 046). A job polls its queues for a couple
 * of minutes (launch-events.service.ts POLL_SESSION_MS), then sends itself again. Why a job that
 * re-sends itself rather than a loop in the process: any worker node may take it, so polling moves to
 * a live node when one dies, and `ensure-launch-event-pollers` every minute (and at each worker's
 * start) sends one for every AWS integration, so a re-send that was never made (a killed process) is
 * made up within a minute. One poller per integration across nodes: the session takes the
 * integration's lease in the database (a killed node's runs out a minute after its session would have
 * ended); a job that finds it taken ends at once and sends nothing. The queue is `short` (one queued
 * job per integration): pg-boss's `stately` would queue a second job behind the active one, and its
 * fetch stops at such a job until the first ends, which holds up every other integration for the
 * whole session. On shutdown the long poll is aborted at once and the job sends itself again.
 */
export const pollLaunchEventsJob = defineJob({
  queue: 'poll-launch-events',
  payload: pollLaunchEventsPayload,
  policy: 'short',
  sendOptions: (payload) => ({
    singletonKey: payload.integrationId,
    retryLimit: 0,
    expireInSeconds: 240,
  }),
  // Long polls side by side on one worker node, one handler per integration being polled
  // (LAUNCH_EVENT_POLLERS_PER_NODE); past it, integrations take turns of one session each.
  workers: (config) => config.launchEvents.pollersPerNode,
  // An idle worker asks for a job every 10 s: 50 of them ask 5 times a second, as 8 did every 2 s,
  // which keeps the embedded database's one thread for requests. A session that re-sends itself wakes
  // one of this node's pollers, which takes it at once (sendJob, local-workers.ts); on a stopping node it
  // waits for another node's next ask. The queue holds the events meanwhile, so nothing is lost.
  pollingIntervalSeconds: 10,
  async handle(payload, { queue, services }) {
    const outcome = await services.pollLaunchEvents(payload.integrationId);
    if (outcome === 'stop') return outcome;
    await sendJob(
      queue,
      pollLaunchEventsJob,
      payload,
      outcome === 'later' ? { startAfter: RETRY_LATER_SECONDS } : {},
    ).catch(() => null); // a stopping queue: the schedule sends one at the next start
    return outcome;
  },
});
