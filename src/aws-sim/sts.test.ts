import { GetCostAndUsageCommand } from '@aws-sdk/client-cost-explorer';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { AssumeRoleCommand, GetCallerIdentityCommand } from '@aws-sdk/client-sts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from './index.ts';
import { simulatorClients } from './simulator-clients.ts';
import { assumeRole, startTestSimulator, type TestClock } from './testing/test-simulator.ts';

const oneDayOfCosts = {
  TimePeriod: { Start: '2026-11-01', End: '2026-11-02' },
  Granularity: 'DAILY' as const,
  Metrics: ['UnblendedCost'],
};

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught as Error & { $metadata?: { httpStatusCode?: number } },
  );
  if (!error) throw new Error('expected the call to fail');
  return { name: error.name, message: error.message, status: error.$metadata?.httpStatusCode };
}

describe('STS AssumeRole and the credentials it issues', () => {
  let simulator: AwsSimulator;
  let clock: TestClock;
  beforeAll(async () => {
    ({ simulator, clock } = await startTestSimulator());
  });
  afterAll(() => simulator.close());

  it('issues temporary credentials for the demo role with the right ExternalId', async () => {
    const credentials = await assumeRole(
      simulator,
      simulator.company.demoRoleArn,
      simulator.company.demoExternalId,
    );
    expect(credentials.accessKeyId).toMatch(/^ASIA[0-9A-F]{16}$/);
    const { sts } = simulatorClients(simulator, { credentials });
    const identity = await sts.send(new GetCallerIdentityCommand({}));
    expect(identity.Account).toBe(simulator.company.managementAccountId);
    expect(identity.Arn).toBe(
      `arn:aws:sts::${simulator.company.managementAccountId}:assumed-role/SpendguardReadOnly/spendguard-test`,
    );
  });

  it('refuses a wrong ExternalId with the AccessDenied AWS gives', async () => {
    const { sts } = simulatorClients(simulator);
    const failure = await failureOf(
      sts.send(
        new AssumeRoleCommand({
          RoleArn: simulator.company.demoRoleArn,
          RoleSessionName: 'x1',
          ExternalId: 'not-the-one',
        }),
      ),
    );
    expect(failure).toEqual({
      name: 'AccessDenied',
      status: 403,
      message: `User: arn:aws:iam::${simulator.company.managementAccountId}:user/spendguard-server is not authorized to perform: sts:AssumeRole on resource: ${simulator.company.demoRoleArn}`,
    });
  });

  it('refuses a role that does not exist with the same AccessDenied', async () => {
    const { sts } = simulatorClients(simulator);
    const roleArn = 'arn:aws:iam::111122223333:role/NoSuchRole';
    const failure = await failureOf(
      sts.send(
        new AssumeRoleCommand({ RoleArn: roleArn, RoleSessionName: 'x2', ExternalId: 'spendguard-demo' }),
      ),
    );
    expect(failure.name).toBe('AccessDenied');
    expect(failure.message).toContain(`on resource: ${roleArn}`);
  });

  it('answers AccessDenied for an action the role was not granted, and allows the others', async () => {
    const roleArn = `arn:aws:iam::${simulator.company.managementAccountId}:role/ExportReaderOnly`;
    simulator.registerRole(roleArn, 'ext-s3-only', { permissions: ['s3:ListBucket', 's3:GetObject'] });
    const credentials = await assumeRole(simulator, roleArn, 'ext-s3-only');
    const { costExplorer, s3 } = simulatorClients(simulator, { credentials });
    const failure = await failureOf(costExplorer.send(new GetCostAndUsageCommand(oneDayOfCosts)));
    expect(failure.name).toBe('AccessDeniedException');
    expect(failure.message).toContain('is not authorized to perform: ce:GetCostAndUsage');
    const listing = await s3.send(
      new ListObjectsV2Command({ Bucket: simulator.company.bucket, Prefix: 'nothing-here/' }),
    );
    expect(listing.KeyCount).toBe(0);
  });

  it('rejects a secret that does not match the access key', async () => {
    const { sts } = simulatorClients(simulator, {
      credentials: { accessKeyId: simulator.credentials.accessKeyId, secretAccessKey: 'wrong-secret' },
    });
    const failure = await failureOf(sts.send(new GetCallerIdentityCommand({})));
    expect(failure.name).toBe('SignatureDoesNotMatch');
  });

  it('keeps the export bucket closed to a linked account, whose role may read S3 but not that bucket', async () => {
    const staging = simulator.company.accounts.find((account) => account.name === 'acme-staging');
    const credentials = await assumeRole(
      simulator,
      staging?.demoRoleArn ?? '',
      simulator.company.demoExternalId,
    );
    const { s3 } = simulatorClients(simulator, { credentials });
    const failure = await failureOf(s3.send(new ListObjectsV2Command({ Bucket: simulator.company.bucket })));
    expect(failure.name).toBe('AccessDenied');
    expect(failure.status).toBe(403);
  });

  it('does not know an access key it never issued', async () => {
    const { sts } = simulatorClients(simulator, {
      credentials: {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      },
    });
    const failure = await failureOf(sts.send(new GetCallerIdentityCommand({})));
    expect(failure).toMatchObject({ name: 'InvalidClientTokenId', status: 403 });
  });

  it('rejects session credentials once they expire on the simulator clock', async () => {
    const credentials = await assumeRole(
      simulator,
      simulator.company.demoRoleArn,
      simulator.company.demoExternalId,
      900,
    );
    const { costExplorer } = simulatorClients(simulator, { credentials });
    clock.advance(16 * 60_000);
    const failure = await failureOf(costExplorer.send(new GetCostAndUsageCommand(oneDayOfCosts)));
    expect(failure.name).toBe('ExpiredTokenException');
  });
});
