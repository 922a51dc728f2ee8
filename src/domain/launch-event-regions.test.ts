import { describe, expect, it } from 'vitest';
import {
  COMMERCIAL_AWS_REGIONS,
  mergeRegionProbes,
  noQueueVerdict,
  REGION_PROBE_EVERY_MS,
  type RegionProbe,
  regionProbeDue,
  regionsWithQueue,
} from './launch-event-regions.ts';

const AT = Date.parse('2026-11-27T09:00:00Z');
const probe = (region: string, outcome: RegionProbe['outcome'], probedAtMs = AT): RegionProbe => ({
  region,
  outcome,
  probedAtMs,
});

describe('the regions a launch-events queue may be in', () => {
  it('lists each commercial region once, in the form SQS endpoints use', () => {
    expect(new Set(COMMERCIAL_AWS_REGIONS).size).toBe(COMMERCIAL_AWS_REGIONS.length);
    expect(COMMERCIAL_AWS_REGIONS).toEqual(
      expect.arrayContaining(['us-east-1', 'eu-west-1', 'ap-southeast-2', 'sa-east-1']),
    );
    for (const region of COMMERCIAL_AWS_REGIONS) expect(region).toMatch(/^[a-z]{2}(-[a-z]+)+-\d$/);
    expect(COMMERCIAL_AWS_REGIONS.some((region) => region.startsWith('cn-') || region.includes('gov'))).toBe(
      false,
    );
  });

  it('polls where the queue answered, and nowhere else', () => {
    const probes = [
      probe('us-east-1', 'no-queue'),
      probe('eu-west-1', 'queue'),
      probe('ap-southeast-2', 'queue'),
      probe('me-south-1', 'denied'),
      probe('ap-east-2', 'unreachable'),
    ];
    expect(regionsWithQueue(probes)).toEqual(['ap-southeast-2', 'eu-west-1']);
  });
});

describe('when to probe the regions again', () => {
  it('probes before the first poll, about hourly after, and at every session while nothing was found', () => {
    expect(regionProbeDue([], AT)).toBe(true);
    const found = [probe('us-east-1', 'queue'), probe('eu-west-1', 'no-queue')];
    expect(regionProbeDue(found, AT + 5 * 60_000)).toBe(false);
    expect(regionProbeDue(found, AT + REGION_PROBE_EVERY_MS - 1)).toBe(false);
    expect(regionProbeDue(found, AT + REGION_PROBE_EVERY_MS)).toBe(true);
    expect(regionProbeDue([probe('us-east-1', 'no-queue')], AT + 60_000)).toBe(true);
  });

  it('keeps what a region said before when it does not answer this time', () => {
    const before = [
      probe('us-east-1', 'queue'),
      probe('eu-west-1', 'no-queue'),
      probe('ap-east-2', 'unreachable'),
    ];
    const later = AT + REGION_PROBE_EVERY_MS;
    const merged = mergeRegionProbes(before, [
      probe('us-east-1', 'unreachable', later),
      probe('eu-west-1', 'queue', later),
      probe('ap-east-2', 'unreachable', later),
      probe('ca-west-1', 'unreachable', later),
    ]);
    expect(merged).toEqual([
      probe('us-east-1', 'queue', AT),
      probe('eu-west-1', 'queue', later),
      probe('ap-east-2', 'unreachable', later),
      probe('ca-west-1', 'unreachable', later),
    ]);
  });
});

describe('what the card says when no region has the queue', () => {
  it('says nothing while a region has it, or before any probe', () => {
    expect(noQueueVerdict([], '123456789012')).toBeNull();
    expect(
      noQueueVerdict([probe('us-east-1', 'no-queue'), probe('eu-west-1', 'queue')], '123456789012'),
    ).toBeNull();
  });

  it('names the regions probed when none has a queue, and the ones that refused', () => {
    const verdict = noQueueVerdict(
      [
        probe('us-east-1', 'no-queue'),
        probe('eu-west-1', 'no-queue'),
        probe('me-south-1', 'denied'),
        probe('ap-east-2', 'unreachable'),
      ],
      '123456789012',
    );
    expect(verdict?.state).toBe('queue-missing');
    expect(verdict?.message).toMatch(
      /No region has a spendguard-launch-events queue in account 123456789012/,
    );
    expect(verdict?.message).toMatch(
      /QueueDoesNotExist in each of the 2 regions probed: eu-west-1, us-east-1/,
    );
    expect(verdict?.message).toMatch(/refused in me-south-1/);
    expect(verdict?.message).not.toMatch(/ap-east-2/);
  });

  it('says access denied when every region refused, and an error when none answered', () => {
    expect(
      noQueueVerdict([probe('us-east-1', 'denied'), probe('eu-west-1', 'denied')], '123456789012'),
    ).toMatchObject({ state: 'access-denied', message: expect.stringMatching(/sqs:ReceiveMessage/) });
    expect(noQueueVerdict([probe('us-east-1', 'unreachable')], '123456789012')).toMatchObject({
      state: 'error',
      message: expect.stringMatching(/No region answered/),
    });
  });
});
