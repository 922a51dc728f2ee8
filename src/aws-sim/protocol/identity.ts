import { randomBytes } from 'node:crypto';
import { ACCOUNTS, ALL_ACCOUNTS, DEMO_EXTERNAL_ID } from '../company/company-profile.ts';

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** Who signed a request: the server's own IAM user, or a session of an assumed role. */
export interface CallerIdentity {
  accountId: string;
  arn: string;
  userId: string;
  /** IAM actions allowed, with `*` wildcards ('ce:*', 'ec2:Describe*', '*'). */
  permissions: string[];
}

interface RegisteredRole {
  /** The ExternalIds its trust policy names (`sts:ExternalId` may list several). */
  externalIds: Set<string>;
  permissions: string[];
}

interface Session {
  credentials: Required<Credentials>;
  identity: CallerIdentity;
  expiresAt: number;
}

/** What the read-only role of the CloudFormation template grants. */
export const READ_ONLY_PERMISSIONS = [
  'ce:Get*',
  'ce:Describe*',
  'ce:List*',
  's3:GetObject',
  's3:ListBucket',
  's3:GetBucketLocation',
  'cloudwatch:GetMetricData',
  'cloudwatch:ListMetrics',
  'lambda:ListFunctions',
  'tag:GetResources',
  'ec2:Describe*',
  'autoscaling:Describe*',
  'elasticloadbalancing:DescribeLoadBalancers',
  'elasticloadbalancing:DescribeTargetGroups',
  'elasticloadbalancing:DescribeTargetHealth',
  'elasticloadbalancing:DescribeTags',
  'rds:DescribeDBInstances',
  'rds:DescribeReservedDBInstances',
  'savingsplans:DescribeSavingsPlans',
  'compute-optimizer:GetEC2InstanceRecommendations',
  'compute-optimizer:GetEBSVolumeRecommendations',
  'compute-optimizer:GetIdleRecommendations',
  'cost-optimization-hub:ListEnrollmentStatuses',
  'cost-optimization-hub:ListRecommendations',
  'organizations:List*',
  'organizations:Describe*',
  'pricing:*',
];

/** What the template's launch-events option adds: receive and delete on its own queue, nothing more. */
export const LAUNCH_EVENT_PERMISSIONS = ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes'];

/** The role the template creates with its defaults (launch events on). */
export const TEMPLATE_ROLE_PERMISSIONS = [...READ_ONLY_PERMISSIONS, ...LAUNCH_EVENT_PERMISSIONS];

/**
 * What the template's opt-in action role grants (ActionRole=Enabled): stop and start, scale a group,
 * stop and start a database, tag (and take its own review tag off again). Its Deny on resources tagged spendguard:protect=true is applied by
 * the EC2 handler (ec2-instance-actions.ts).
 */
export const ACTION_ROLE_PERMISSIONS = [
  'ec2:StopInstances',
  'ec2:StartInstances',
  'ec2:CreateTags',
  'ec2:DeleteTags',
  'autoscaling:UpdateAutoScalingGroup',
  'rds:StopDBInstance',
  'rds:StartDBInstance',
];

/** The action role's name in every company account (the template's SpendguardActions). */
export const ACTION_ROLE_NAME = 'SpendguardActions';

/** The static keys of the server's own IAM user in the management account ("local credentials"). */
export const STATIC_CREDENTIALS: Credentials = {
  accessKeyId: 'AKIASPENDGUARDSIM001',
  secretAccessKey: 'spendguardSimulatorSecretKey/0123456789ab',
};

export type AuthenticationFailure = 'unknownKey' | 'expired';

export class IdentityStore {
  private readonly roles = new Map<string, RegisteredRole>();
  private readonly sessions = new Map<string, Session>();
  private readonly serverUser: CallerIdentity = {
    accountId: ACCOUNTS.prod.id,
    arn: `arn:aws:iam::${ACCOUNTS.prod.id}:user/spendguard-server`,
    userId: 'AIDASPENDGUARDSERVER1',
    permissions: ['*'],
  };

  constructor() {
    for (const account of ALL_ACCOUNTS) {
      this.registerRole(account.demoRoleArn, DEMO_EXTERNAL_ID, TEMPLATE_ROLE_PERMISSIONS);
      this.registerRole(
        `arn:aws:iam::${account.id}:role/${ACTION_ROLE_NAME}`,
        DEMO_EXTERNAL_ID,
        ACTION_ROLE_PERMISSIONS,
      );
    }
  }

  registerRole(roleArn: string, externalId: string, permissions: string[] = TEMPLATE_ROLE_PERMISSIONS): void {
    this.roles.set(roleArn, { externalIds: new Set([externalId]), permissions });
  }

  /** Adds an ExternalId to a role's trust policy, as a customer does for a second trusted party. */
  trustExternalId(roleArn: string, externalId: string): void {
    const role = this.roles.get(roleArn);
    if (!role) throw new Error(`no role ${roleArn} in the simulator`);
    role.externalIds.add(externalId);
  }

  /** The secret to check the signature with and who the caller is, or why the key is refused. */
  authenticate(
    accessKeyId: string,
    sessionToken: string | undefined,
    nowMs: number,
  ): { secret: string; identity: CallerIdentity } | AuthenticationFailure {
    if (accessKeyId === STATIC_CREDENTIALS.accessKeyId && !sessionToken) {
      return { secret: STATIC_CREDENTIALS.secretAccessKey, identity: this.serverUser };
    }
    const session = this.sessions.get(accessKeyId);
    if (!session || session.credentials.sessionToken !== sessionToken) return 'unknownKey';
    if (session.expiresAt <= nowMs) return 'expired';
    return { secret: session.credentials.secretAccessKey, identity: session.identity };
  }

  /** AWS answers the same AccessDenied for a role that does not exist and for a wrong ExternalId. */
  assumeRole(
    roleArn: string,
    externalId: string | undefined,
    sessionName: string,
    expiresAt: number,
  ): Session | undefined {
    this.forgetExpiredSessions(expiresAt);
    const role = this.roles.get(roleArn);
    if (!role || externalId === undefined || !role.externalIds.has(externalId)) return undefined;
    const [, , , , accountId = '', resource = ''] = roleArn.split(':');
    const roleName =
      resource
        .replace(/^role\//, '')
        .split('/')
        .pop() ?? resource;
    const roleId = `AROA${randomBytes(8).toString('hex').toUpperCase().slice(0, 17)}`;
    const session: Session = {
      credentials: {
        accessKeyId: `ASIA${randomBytes(8).toString('hex').toUpperCase()}`,
        secretAccessKey: randomBytes(30).toString('base64'),
        sessionToken: `IQoJb3JpZ2luX2VjE${randomBytes(96).toString('base64')}`,
      },
      identity: {
        accountId,
        arn: `arn:aws:sts::${accountId}:assumed-role/${roleName}/${sessionName}`,
        userId: `${roleId}:${sessionName}`,
        permissions: role.permissions,
      },
      expiresAt,
    };
    this.sessions.set(session.credentials.accessKeyId, session);
    return session;
  }

  /** Sessions last at most 12 hours: anything that expired that long before a new one ends is gone. */
  private forgetExpiredSessions(newSessionEnd: number) {
    for (const [accessKeyId, session] of this.sessions) {
      if (session.expiresAt < newSessionEnd - 12 * 3_600_000) this.sessions.delete(accessKeyId);
    }
  }
}

export function isAllowed(identity: CallerIdentity, action: string): boolean {
  return identity.permissions.some((pattern) => {
    if (pattern === '*' || pattern === action) return true;
    return pattern.endsWith('*') && action.startsWith(pattern.slice(0, -1));
  });
}
