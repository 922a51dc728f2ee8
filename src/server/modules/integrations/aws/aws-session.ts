import { GetCostAndUsageCommand } from '@aws-sdk/client-cost-explorer';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import {
  AssumeRoleCommand,
  type AssumeRoleCommandOutput,
  GetCallerIdentityCommand,
} from '@aws-sdk/client-sts';
import { accountOfRoleArn } from '../../../../domain/role-arn.ts';
import type { AwsAccess, AwsCredentials } from '../../../aws-access.ts';
import { awsClients } from './aws-clients.ts';
import { AwsAccessError, assumeRoleFailure, callFailure } from './aws-failure.ts';

/** How an integration reaches its AWS account. */
export type AwsIdentity =
  | { kind: 'aws-role'; roleArn: string; externalId: string }
  | { kind: 'aws-local-credentials' };

export interface AwsSession {
  credentials: AwsCredentials | undefined;
  accountId: string;
}

/** Why an `aws-local-credentials` integration reaches nothing while its operator keeps them off. */
export const LOCAL_CREDENTIALS_OFF =
  'This server does not lend its own AWS credentials to organizations (its operator has not set AWS_LOCAL_CREDENTIALS=on). Connect your account with a read-only role instead.';

/**
 * Assumes the integration's role with its ExternalId, or uses the server's own credentials when the
 * operator allows it (docs/decisions/075): every AWS call of an integration opens its session here.
 */
export async function openAwsSession(access: AwsAccess, identity: AwsIdentity): Promise<AwsSession> {
  if (identity.kind === 'aws-local-credentials' && access.localCredentials !== true)
    throw new AwsAccessError('AccessDenied', LOCAL_CREDENTIALS_OFF);
  const { sts } = awsClients(access, undefined);
  if (identity.kind === 'aws-local-credentials') {
    try {
      const caller = await sts.send(new GetCallerIdentityCommand({}));
      return { credentials: access.credentials, accountId: caller.Account ?? '' };
    } catch (error) {
      throw callFailure(error, 'sts:GetCallerIdentity with the server’s own credentials');
    }
  }
  await refuseOwnAccount(access, identity.roleArn);
  let answer: AssumeRoleCommandOutput;
  try {
    answer = await sts.send(
      new AssumeRoleCommand({
        RoleArn: identity.roleArn,
        ExternalId: identity.externalId,
        RoleSessionName: 'spendguard-sync',
        DurationSeconds: 3600,
      }),
    );
  } catch (error) {
    throw assumeRoleFailure(error, identity.roleArn);
  }
  const issued = answer.Credentials;
  if (!issued?.AccessKeyId || !issued.SecretAccessKey || !issued.SessionToken)
    throw new AwsAccessError('Failed', 'AWS STS answered AssumeRole without credentials.');
  return {
    credentials: {
      accessKeyId: issued.AccessKeyId,
      secretAccessKey: issued.SecretAccessKey,
      sessionToken: issued.SessionToken,
    },
    accountId: accountOfRoleArn(identity.roleArn) ?? '',
  };
}

/** Why a role in the server's own account is never assumed for an organization. */
export const OWN_ACCOUNT_ROLE =
  "That role is in Spendguard's own AWS account: Spendguard assumes roles only in its customers' accounts. Give the role created in your account.";

/**
 * A role in the account of the server's own credentials would lend the operator's bill and resources to
 * whichever organization names it (decision 147). Real AWS whose own account is not known yet asks STS
 * once; the simulator's company lives in the account of the simulator's keys, and is its demo.
 */
async function refuseOwnAccount(access: AwsAccess, roleArn: string): Promise<void> {
  const realAws = access.endpoint === undefined && !access.demo;
  if (realAws && access.spendguardAccountId === undefined) {
    access.spendguardAccountId = await ownAccountId(access);
    if (access.spendguardAccountId === undefined)
      throw new AwsAccessError(
        'Unreachable',
        'Spendguard could not confirm its own AWS account (sts:GetCallerIdentity), so it assumes no role yet. Try again in a minute.',
      );
  }
  if (accountOfRoleArn(roleArn) === access.spendguardAccountId)
    throw new AwsAccessError('AccessDenied', OWN_ACCOUNT_ROLE);
}

/**
 * The account of the server's own credentials (STS GetCallerIdentity): the account customer roles
 * trust. Undefined when there are no usable credentials or AWS does not answer within 5 s.
 */
export async function ownAccountId(access: AwsAccess): Promise<string | undefined> {
  const { sts } = awsClients({ ...access, maxAttempts: 2 }, undefined);
  try {
    const caller = await sts.send(new GetCallerIdentityCommand({}), {
      abortSignal: AbortSignal.timeout(5_000),
    });
    return caller.Account;
  } catch {
    return undefined;
  } finally {
    sts.destroy();
  }
}

export interface AccessCheck {
  ok: boolean;
  code: string | null;
  message: string;
  accountId: string | null;
  checks: Array<{ name: string; ok: boolean; message: string }>;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * An integration's verification: assume the role with the ExternalId, then one read call (the export
 * bucket when one is named, else Cost Explorer), and say exactly which step failed.
 */
export async function checkAwsAccess(
  access: AwsAccess,
  identity: AwsIdentity,
  exportLocation: { bucket: string; prefix: string } | null,
  /** The injected clock (decision 078): the Cost Explorer probe asks for yesterday and today. */
  now: () => Date,
): Promise<AccessCheck> {
  const checks: AccessCheck['checks'] = [];
  const step =
    identity.kind === 'aws-role' ? 'Assume the role with the ExternalId' : 'Use the server’s credentials';
  let session: AwsSession;
  try {
    session = await openAwsSession(access, identity);
    checks.push({ name: step, ok: true, message: `Signed in to account ${session.accountId}.` });
  } catch (error) {
    const failure = error as AwsAccessError;
    checks.push({ name: step, ok: false, message: failure.message });
    return { ok: false, code: failure.code, message: failure.message, accountId: null, checks };
  }
  const clients = awsClients(access, session.credentials);
  try {
    if (exportLocation) {
      await clients.s3
        .send(
          new ListObjectsV2Command({
            Bucket: exportLocation.bucket,
            Prefix: exportLocation.prefix,
            MaxKeys: 1,
          }),
        )
        .catch((error) => {
          throw callFailure(error, `s3:ListBucket on ${exportLocation.bucket}`);
        });
      checks.push({
        name: 'Read the billing export bucket',
        ok: true,
        message: `s3://${exportLocation.bucket}/${exportLocation.prefix} is readable.`,
      });
    } else {
      const today = now();
      const start = new Date(today.getTime() - 86_400_000);
      await clients.costExplorer
        .send(
          new GetCostAndUsageCommand({
            TimePeriod: { Start: isoDay(start), End: isoDay(today) },
            Granularity: 'DAILY',
            Metrics: ['UnblendedCost'],
          }),
        )
        .catch((error) => {
          throw callFailure(error, 'ce:GetCostAndUsage');
        });
      checks.push({ name: 'Read Cost Explorer', ok: true, message: 'Cost Explorer answered.' });
    }
  } catch (error) {
    const failure = error as AwsAccessError;
    checks.push({
      name: exportLocation ? 'Read the billing export bucket' : 'Read Cost Explorer',
      ok: false,
      message: failure.message,
    });
    return { ok: false, code: failure.code, message: failure.message, accountId: session.accountId, checks };
  }
  return {
    ok: true,
    code: null,
    message: `Connected to AWS account ${session.accountId}.`,
    accountId: session.accountId,
    checks,
  };
}
