import {
  DeleteMessageBatchCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { regionsWithQueue } from '../../../domain/launch-event-regions.ts';
import { storableText } from '../../../domain/storable-text.ts';
import type { AwsAccess } from '../../aws-access.ts';
import { elapsedMs } from '../../clock.ts';
import { sqsClient } from '../integrations/aws/aws-clients.ts';
import { isThrottling } from '../integrations/aws/aws-failure.ts';
import { type AwsSession, openAwsSession } from '../integrations/aws/aws-session.ts';
import type { AwsTarget } from '../integrations/integrations.service.ts';
import {
  errorName,
  isAccessDenied,
  isQueueMissing,
  LAUNCH_EVENTS_QUEUE,
  launchEventsQueueUrl,
} from './launch-event-queue.ts';
import { launchEventQueueRegions, type RegionProbeMemory } from './launch-event-region-probe.ts';

/** SQS's longest wait: the call answers as soon as a message arrives. */
export const LONG_POLL_SECONDS = 20;
const BATCH_SIZE = 10;
/** Throttling backs off 1 s, 2 s, 4 s ... up to a minute; from the third in a row the card says so. */
const BACKOFF_START_MS = 1_000;
const BACKOFF_MAX_MS = 60_000;
const THROTTLES_BEFORE_ERROR = 3;

export type QueueState = 'waiting' | 'queue-missing' | 'access-denied' | 'error';

/** What one receive brought, as the store needs it. */
export interface ReceivedMessage {
  messageId: string;
  body: string;
}

export interface PollerDependencies extends RegionProbeMemory {
  access: AwsAccess;
  /**
   * Stores what a receive brought (changes and rejections) and answers once it is stored: only then
   * are the messages deleted. Throws when the store failed (the messages come back).
   */
  store(
    target: AwsTarget,
    batch: { region: string; accountId: string; messages: ReceivedMessage[] },
  ): Promise<{ lastStateChangeAt?: Date; lastApiCallAt?: Date }>;
  recordQueue(
    target: AwsTarget,
    queue: {
      region: string;
      queueUrl: string;
      state: QueueState | 'error';
      message: string | null;
      lastStateChangeAt?: Date;
      lastApiCallAt?: Date;
    },
  ): Promise<void>;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
}

/** How a session ended: keep polling now, try again in a few minutes (nothing to poll), or not at all. */
export type SessionOutcome = 'continue' | 'later' | 'stop';

const isAbort = (error: unknown, signal: AbortSignal) =>
  signal.aborted || (error as { name?: string })?.name === 'AbortError';

/** Waits, or stops waiting as soon as the signal aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

const messageOf = (error: unknown) => storableText((error as Error)?.message ?? String(error));

/**
 * Long-polls one integration's launch-events queues with the real SDK for a while: receive (20 s,
 * batches of 10), store, then delete; a message is deleted only once stored, so a poller killed
 * mid-batch loses nothing (SQS hands it out again after the visibility timeout). Never throws.
 */
export function createLaunchEventPoller(deps: PollerDependencies) {
  async function pollQueue(
    target: AwsTarget,
    session: AwsSession,
    region: string,
    until: { deadline: number; signal: AbortSignal },
  ): Promise<SessionOutcome> {
    const queueUrl = launchEventsQueueUrl(deps.access, region, session.accountId);
    const client: SQSClient = sqsClient(deps.access, session.credentials, region);
    const record = (state: QueueState, message: string | null, times = {}) =>
      deps.recordQueue(target, { region, queueUrl, state, message, ...times });
    let throttled = 0;
    let backoffMs = BACKOFF_START_MS;
    try {
      while (!until.signal.aborted && elapsedMs() < until.deadline) {
        let messages: Message[];
        try {
          const answer = await client.send(
            new ReceiveMessageCommand({
              QueueUrl: queueUrl,
              MaxNumberOfMessages: BATCH_SIZE,
              WaitTimeSeconds: LONG_POLL_SECONDS,
            }),
            { abortSignal: until.signal },
          );
          messages = answer.Messages ?? [];
        } catch (error) {
          if (isAbort(error, until.signal)) break;
          if (isQueueMissing(error)) {
            // Deleted since the probe: the region is polled no more (and its line leaves the card).
            deps.log.warn(
              { integrationId: target.id, region },
              `the ${LAUNCH_EVENTS_QUEUE} queue is gone from ${region}`,
            );
            await deps.saveRegionProbes(target, [
              { region, outcome: 'no-queue', probedAtMs: deps.now().getTime() },
            ]);
            return 'later';
          }
          if (isAccessDenied(error)) {
            await record(
              'access-denied',
              `The role may not receive from ${LAUNCH_EVENTS_QUEUE} in ${region} (${errorName(error)}): update the stack so the role has sqs:ReceiveMessage and sqs:DeleteMessage on it.`,
            );
            return 'later';
          }
          throttled = isThrottling(error) ? throttled + 1 : THROTTLES_BEFORE_ERROR;
          if (throttled >= THROTTLES_BEFORE_ERROR)
            await record(
              'error',
              isThrottling(error)
                ? `SQS is throttling ReceiveMessage in ${region} (${errorName(error)}): polling backs off and tries again.`
                : `Reading the launch events in ${region} failed: ${messageOf(error)}`,
            );
          await pause(backoffMs, until.signal);
          backoffMs = Math.min(backoffMs * 2, BACKOFF_MAX_MS);
          continue;
        }
        throttled = 0;
        backoffMs = BACKOFF_START_MS;
        const received = messages.flatMap((message) =>
          message.ReceiptHandle && message.MessageId
            ? [{ messageId: message.MessageId, body: message.Body ?? '', receipt: message.ReceiptHandle }]
            : [],
        );
        let times = {};
        if (received.length > 0) {
          try {
            times = await deps.store(target, { region, accountId: session.accountId, messages: received });
          } catch (error) {
            // Not stored: not deleted either. SQS hands them out again after the visibility timeout.
            deps.log.error({ err: error, integrationId: target.id, region }, 'storing launch events failed');
            await record('error', `Storing the launch events failed: ${messageOf(error)}`);
            await pause(backoffMs, until.signal);
            continue;
          }
          await client
            .send(
              new DeleteMessageBatchCommand({
                QueueUrl: queueUrl,
                Entries: received.map((message, index) => ({
                  Id: String(index),
                  ReceiptHandle: message.receipt,
                })),
              }),
            )
            .catch((error) =>
              // Stored already: a message that comes back again is a duplicate and counts once.
              deps.log.warn(
                { err: error, integrationId: target.id, region },
                'deleting launch events failed',
              ),
            );
        }
        await record('waiting', null, times);
      }
      return 'continue';
    } finally {
      client.destroy();
    }
  }

  return {
    /**
     * Polls every queue of the integration until `durationMs` passed or the signal aborts.
     * 'stop': nothing to poll (gone, an upload); 'later': no queue answered (missing, denied, no session).
     */
    async runSession(
      target: AwsTarget | undefined,
      options: { durationMs: number; signal: AbortSignal },
    ): Promise<SessionOutcome> {
      if (!target?.identity) return 'stop';
      let session: AwsSession;
      try {
        session = await openAwsSession(deps.access, target.identity);
      } catch (error) {
        // No session, no probe: the failure goes on the regions known to have the queue, else on the
        // integration's home region (where its first stack most likely is).
        const known = regionsWithQueue(await deps.regionProbes(target));
        const denied = (error as { code?: string }).code === 'AccessDenied';
        for (const region of known.length > 0 ? known : [target.exportRegion ?? 'us-east-1'])
          await deps.recordQueue(target, {
            region,
            queueUrl: '',
            state: denied ? 'access-denied' : 'error',
            message: messageOf(error),
          });
        return isThrottling(error) ? 'continue' : 'later';
      }
      const regions = await launchEventQueueRegions(deps, target, session, options.signal);
      // No queue in any region: the card says so (from the probes); the next session probes again.
      if (regions.length === 0) return options.signal.aborted ? 'continue' : 'later';
      const until = { deadline: elapsedMs() + options.durationMs, signal: options.signal };
      const outcomes = await Promise.all(
        regions.map((region) =>
          pollQueue(target, session, region, until).catch((error) => {
            deps.log.error({ err: error, integrationId: target.id, region }, 'launch-events poll failed');
            return 'later' as const;
          }),
        ),
      );
      return outcomes.includes('continue') ? 'continue' : 'later';
    },
  };
}

export type LaunchEventPoller = ReturnType<typeof createLaunchEventPoller>;
