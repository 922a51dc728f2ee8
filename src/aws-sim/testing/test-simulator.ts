import os from 'node:os';
import path from 'node:path';
import { AssumeRoleCommand } from '@aws-sdk/client-sts';
import { type AwsSimulator, type Credentials, startAwsSimulator } from '../index.ts';
import { simulatorClients } from '../simulator-clients.ts';

/** A Sunday morning late in November: the anchor day, so the NAT spike falls on Nov 18-20. */
export const TEST_CLOCK_START = new Date('2026-11-22T07:55:00Z');

/**
 * Generated Parquet files are named by generator version, anchor day and cutoff, so test files
 * running with the same clock can share them instead of generating 13 months each. Files are removed
 * from it by age only: one test file's superseded month may be another's current one.
 */
export const SHARED_TEST_CACHE = path.join(os.tmpdir(), 'spendguard-aws-sim-test-cache');

export interface TestClock {
  now: () => Date;
  set(date: Date): void;
  advance(milliseconds: number): void;
}

export function testClock(start = TEST_CLOCK_START): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advance: (milliseconds) => {
      current += milliseconds;
    },
  };
}

export async function startTestSimulator(options: { clock?: TestClock; dataDir?: string } = {}) {
  const clock = options.clock ?? testClock();
  const simulator = await startAwsSimulator({
    now: clock.now,
    dataDir: options.dataDir ?? SHARED_TEST_CACHE,
    sharedDataDir: options.dataDir === undefined,
  });
  return { simulator, clock };
}

export async function assumeRole(
  simulator: AwsSimulator,
  roleArn: string,
  externalId: string,
  durationSeconds?: number,
): Promise<Credentials> {
  const { sts } = simulatorClients(simulator);
  const answer = await sts.send(
    new AssumeRoleCommand({
      RoleArn: roleArn,
      RoleSessionName: 'spendguard-test',
      ExternalId: externalId,
      DurationSeconds: durationSeconds,
    }),
  );
  const credentials = answer.Credentials;
  if (!credentials?.AccessKeyId || !credentials.SecretAccessKey || !credentials.SessionToken) {
    throw new Error('AssumeRole answered without credentials');
  }
  return {
    accessKeyId: credentials.AccessKeyId,
    secretAccessKey: credentials.SecretAccessKey,
    sessionToken: credentials.SessionToken,
  };
}
