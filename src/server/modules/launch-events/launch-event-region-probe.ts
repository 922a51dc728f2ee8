import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import {
  COMMERCIAL_AWS_REGIONS,
  mergeRegionProbes,
  type RegionProbe,
  regionProbeDue,
  regionsWithQueue,
} from '../../../domain/launch-event-regions.ts';
import type { AwsAccess } from '../../aws-access.ts';
import { sqsClient } from '../integrations/aws/aws-clients.ts';
import type { AwsSession } from '../integrations/aws/aws-session.ts';
import type { AwsTarget } from '../integrations/integrations.service.ts';
import { errorName, isAccessDenied, isQueueMissing, launchEventsQueueUrl } from './launch-event-queue.ts';

/** A region that has not answered by then is skipped this round (an endpoint that does not resolve, a slow network). */
export const REGION_PROBE_TIMEOUT_MS = 5_000;

/** A region that gave no answer, and why (for the log: the card does not list them). */
export interface UnansweredRegion {
  region: string;
  error: string;
}

/**
 * Asks each region at once whether the account has the launch-events queue there: one
 * GetQueueAttributes each (the role's `sqs:GetQueueAttributes` on the queue in any region), one
 * attempt, cut off after a few seconds. Never throws.
 */
export async function probeLaunchEventRegions(
  access: AwsAccess,
  session: AwsSession,
  regions: readonly string[],
  options: { signal: AbortSignal; nowMs: number },
): Promise<{ probes: RegionProbe[]; unanswered: UnansweredRegion[] }> {
  const unanswered: UnansweredRegion[] = [];
  const probes = await Promise.all(
    regions.map(async (region): Promise<RegionProbe> => {
      const client = sqsClient({ ...access, maxAttempts: 1 }, session.credentials, region);
      const probe = (outcome: RegionProbe['outcome']) => ({ region, outcome, probedAtMs: options.nowMs });
      try {
        await client.send(
          new GetQueueAttributesCommand({
            QueueUrl: launchEventsQueueUrl(access, region, session.accountId),
            AttributeNames: ['QueueArn'],
          }),
          { abortSignal: AbortSignal.any([options.signal, AbortSignal.timeout(REGION_PROBE_TIMEOUT_MS)]) },
        );
        return probe('queue');
      } catch (error) {
        if (isQueueMissing(error)) return probe('no-queue');
        if (isAccessDenied(error)) return probe('denied');
        unanswered.push({ region, error: `${errorName(error)}: ${(error as Error)?.message ?? ''}` });
        return probe('unreachable');
      } finally {
        client.destroy();
      }
    }),
  );
  return { probes, unanswered };
}

/** Where the poller keeps each region's last answer between sessions (the module's table). */
export interface RegionProbeMemory {
  /** The injected clock (decision 078): when a probe was made, and when the next one is due. */
  now(): Date;
  regionProbes(target: AwsTarget): Promise<RegionProbe[]>;
  saveRegionProbes(target: AwsTarget, probes: RegionProbe[]): Promise<void>;
}

/**
 * The regions to poll this session: where the queue answered at the last probe, probing every
 * commercial region first when that is due (the first session, about hourly after, or every session
 * while no region had the queue). Regions that did not answer are named in the log only.
 */
export async function launchEventQueueRegions(
  deps: RegionProbeMemory & {
    access: AwsAccess;
    log: { warn(details: object, message: string): void };
  },
  target: AwsTarget,
  session: AwsSession,
  signal: AbortSignal,
): Promise<string[]> {
  const known = await deps.regionProbes(target);
  const nowMs = deps.now().getTime();
  if (!regionProbeDue(known, nowMs)) return regionsWithQueue(known);
  const { probes, unanswered } = await probeLaunchEventRegions(deps.access, session, COMMERCIAL_AWS_REGIONS, {
    signal,
    nowMs,
  });
  if (signal.aborted) return regionsWithQueue(known);
  if (unanswered.length > 0)
    deps.log.warn(
      { integrationId: target.id, accountId: session.accountId, unanswered },
      `launch-events queue probe: ${unanswered.length} regions did not answer and are skipped (${unanswered.map((entry) => entry.region).join(', ')})`,
    );
  const merged = mergeRegionProbes(known, probes);
  await deps.saveRegionProbes(target, merged);
  return regionsWithQueue(merged);
}
