/**
 * The CloudFormation template of the setup screen: a read-only cross-account role that Spendguard's
 * account may assume only with this integration's ExternalId, optionally a CUR 2.0 Data Export
 * (hourly, Parquet, resource ids) into a bucket the stack creates, and (on by default) the
 * launch-events queue: EventBridge rules put EC2 state changes and the CloudTrail calls that launch
 * or resize costly resources into an SQS queue the role may only receive and delete from
 * (docs/decisions/046). Optionally a management-events trail, without which no CloudTrail call
 * reaches EventBridge.
 */

import { COMPUTE_OPTIMIZER_PERMISSIONS } from '../../../../domain/imported-recommendations.ts';
import {
  COMMITMENT_INVENTORY_PERMISSIONS,
  COST_OPTIMIZATION_HUB_PERMISSIONS,
  USAGE_METER_PERMISSIONS,
} from '../../../../domain/read-role-additions.ts';
import { ACTION_ROLE_NAME, actionRolePolicy } from '../../../../domain/resource-actions.ts';
import { ALL_WASTE_FINDER_PERMISSIONS } from '../../../../domain/waste-findings.ts';

export const ROLE_NAME = 'SpendguardReadOnly';
export const STACK_NAME = 'Spendguard';
export const LAUNCH_EVENTS_QUEUE_NAME = 'spendguard-launch-events';
export const MANAGEMENT_TRAIL_NAME = 'spendguard-management-events';

export interface TemplateInput {
  externalId: string;
  spendguardAccountId: string;
  withExport: boolean;
  /** The LaunchEvents parameter's default; on unless said otherwise. */
  launchEvents?: boolean;
  /** The ManagementEventsTrail parameter's default; off unless said otherwise. */
  managementEventsTrail?: boolean;
}

/** The action role's policy as CloudFormation YAML lines (the same document the existing-stack page shows). */
function actionPolicyYaml(indent: string): string {
  const lines: string[] = [];
  for (const statement of actionRolePolicy().Statement) {
    lines.push(`${indent}- Sid: ${statement.Sid}`, `${indent}  Effect: ${statement.Effect}`);
    lines.push(`${indent}  Action:`, ...statement.Action.map((action) => `${indent}    - ${action}`));
    lines.push(`${indent}  Resource: '*'`);
    if ('Condition' in statement && statement.Condition) {
      lines.push(`${indent}  Condition:`);
      for (const [operator, pairs] of Object.entries(statement.Condition)) {
        lines.push(`${indent}    ${operator}:`);
        for (const [key, value] of Object.entries(pairs as Record<string, string | string[]>))
          lines.push(
            Array.isArray(value)
              ? `${indent}      ${key}: [${value.map((one) => `'${one}'`).join(', ')}]`
              : `${indent}      ${key}: '${value}'`,
          );
      }
    }
  }
  return lines.join('\n');
}

/** Both roles trust Spendguard's account alone, and only with this integration's ExternalId. */
const trustPolicy = `      AssumeRolePolicyDocument:
        Version: '2012-10-17'
        Statement:
          - Effect: Allow
            Principal:
              AWS: !Sub 'arn:\${AWS::Partition}:iam::\${SpendguardAccountId}:root'
            Action: sts:AssumeRole
            Condition:
              StringEquals:
                sts:ExternalId: !Ref ExternalId
`;

/** The opt-in role Spendguard assumes only to act (docs/decisions/102); the read-only role never changes. */
const actionRoleResource = `
  SpendguardActionsRole:
    Type: AWS::IAM::Role
    Condition: CreateActionRole
    Properties:
      RoleName: ${ACTION_ROLE_NAME}
      MaxSessionDuration: 3600
${trustPolicy}      Policies:
        - PolicyName: spendguard-actions
          PolicyDocument:
            Version: '2012-10-17'
            Statement:
${actionPolicyYaml('              ')}
`;

/** What the launch-events rule forwards: the calls that start, resize or end a priced resource. */
export const LAUNCH_EVENT_CALLS = {
  'aws.ec2': [
    'RunInstances',
    'StartInstances',
    'StopInstances',
    'TerminateInstances',
    'ModifyInstanceAttribute',
    'CreateNatGateway',
    'DeleteNatGateway',
  ],
  'aws.rds': ['CreateDBInstance', 'ModifyDBInstance', 'DeleteDBInstance'],
  'aws.autoscaling': ['CreateAutoScalingGroup', 'UpdateAutoScalingGroup'],
} as const;

/** The role's only SQS rights, on the launch-events queue of this account (any region's copy). */
export const LAUNCH_EVENT_ACTIONS = ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes'];

const READ_ONLY_ACTIONS = [
  'ce:Get*',
  'ce:Describe*',
  'ce:List*',
  'cur:DescribeReportDefinitions',
  'bcm-data-exports:ListExports',
  'bcm-data-exports:GetExport',
  'cloudwatch:GetMetricStatistics',
  ...USAGE_METER_PERMISSIONS,
  'ec2:DescribeInstances',
  'ec2:DescribeRegions',
  'ec2:DescribeInstanceTypes',
  ...ALL_WASTE_FINDER_PERMISSIONS,
  'autoscaling:DescribeAutoScalingGroups',
  // The actions read a database's state before stopping it (docs/decisions/110).
  'rds:DescribeDBInstances',
  'organizations:ListAccounts',
  'organizations:DescribeOrganization',
  'pricing:GetProducts',
  'pricing:DescribeServices',
  ...Object.values(COMMITMENT_INVENTORY_PERMISSIONS),
  // Compute Optimizer's recommendations, imported beside Spendguard's own (docs/decisions/124).
  ...COMPUTE_OPTIMIZER_PERMISSIONS,
  // And Cost Optimization Hub's (docs/decisions/133).
  ...COST_OPTIMIZATION_HUB_PERMISSIONS,
];

/** Both buckets the stack may create: never public, encrypted at rest. */
const privateBucket = `      PublicAccessBlockConfiguration:
        BlockPublicAcls: true
        BlockPublicPolicy: true
        IgnorePublicAcls: true
        RestrictPublicBuckets: true
      BucketEncryption:
        ServerSideEncryptionConfiguration:
          - ServerSideEncryptionByDefault:
              SSEAlgorithm: AES256
`;

const exportResources = `
  BillingExportBucket:
    Type: AWS::S3::Bucket
    Condition: CreateExport
    DeletionPolicy: Retain
    Properties:
      BucketName: !Sub 'spendguard-cur-\${AWS::AccountId}'
${privateBucket}
  BillingExportBucketPolicy:
    Type: AWS::S3::BucketPolicy
    Condition: CreateExport
    Properties:
      Bucket: !Ref BillingExportBucket
      PolicyDocument:
        Version: '2012-10-17'
        Statement:
          - Sid: AllowDataExportsToWrite
            Effect: Allow
            Principal:
              Service:
                - billingreports.amazonaws.com
                - bcm-data-exports.amazonaws.com
            Action:
              - s3:PutObject
              - s3:GetBucketPolicy
            Resource:
              - !Sub 'arn:\${AWS::Partition}:s3:::\${BillingExportBucket}'
              - !Sub 'arn:\${AWS::Partition}:s3:::\${BillingExportBucket}/*'
            Condition:
              StringLike:
                aws:SourceAccount: !Ref AWS::AccountId

  BillingExport:
    Type: AWS::BCMDataExports::Export
    Condition: CreateExport
    DependsOn: BillingExportBucketPolicy
    Properties:
      Export:
        Name: spendguard
        Description: CUR 2.0 for Spendguard (hourly, Parquet, resource ids)
        DataQuery:
          QueryStatement: SELECT * FROM COST_AND_USAGE_REPORT
          TableConfigurations:
            COST_AND_USAGE_REPORT:
              TIME_GRANULARITY: HOURLY
              INCLUDE_RESOURCES: 'TRUE'
              INCLUDE_MANUAL_DISCOUNT_COMPATIBILITY: 'FALSE'
              INCLUDE_SPLIT_COST_ALLOCATION_DATA: 'FALSE'
        DestinationConfigurations:
          S3Destination:
            S3Bucket: !Ref BillingExportBucket
            S3Prefix: cur
            S3Region: !Ref AWS::Region
            S3OutputConfigurations:
              Compression: PARQUET
              Format: PARQUET
              OutputType: CUSTOM
              Overwrite: OVERWRITE_REPORT
        RefreshCadence:
          Frequency: SYNCHRONOUS
`;

const yamlList = (values: readonly string[], indent: string) =>
  values.map((value) => `${indent}- ${value}`).join('\n');

const stateChangePattern = `        source:
          - aws.ec2
        detail-type:
          - EC2 Instance State-change Notification`;

const apiCallPattern = `        source:
${yamlList(Object.keys(LAUNCH_EVENT_CALLS), '          ')}
        detail-type:
          - AWS API Call via CloudTrail
        detail:
          eventName:
${yamlList(Object.values(LAUNCH_EVENT_CALLS).flat(), '            ')}`;

function launchRule(logicalId: string, name: string, what: string, pattern: string): string {
  return `  ${logicalId}:
    Type: AWS::Events::Rule
    Condition: LaunchEventsOn
    Properties:
      Name: ${name}
      Description: ${what}, to Spendguard's launch-events queue
      State: ENABLED
      EventPattern:
${pattern}
      Targets:
        - Id: spendguard-launch-events
          Arn: !GetAtt LaunchEventsQueue.Arn`;
}

const launchEventResources = `
  LaunchEventsQueue:
    Type: AWS::SQS::Queue
    Condition: LaunchEventsOn
    Properties:
      QueueName: ${LAUNCH_EVENTS_QUEUE_NAME}
      # Two weeks, so a Spendguard server down over a long weekend still gets every event.
      MessageRetentionPeriod: 1209600
      ReceiveMessageWaitTimeSeconds: 20
      VisibilityTimeout: 60
      SqsManagedSseEnabled: true

  # EC2 state changes need no trail; one pattern cannot match both event shapes, hence two rules.
${launchRule('LaunchStateChangeRule', 'spendguard-instance-state-changes', 'EC2 instance state changes', stateChangePattern)}

${launchRule('LaunchApiCallRule', 'spendguard-launch-api-calls', 'CloudTrail calls that launch or resize priced resources', apiCallPattern)}

  LaunchEventsQueuePolicy:
    Type: AWS::SQS::QueuePolicy
    Condition: LaunchEventsOn
    Properties:
      Queues:
        - !Ref LaunchEventsQueue
      PolicyDocument:
        Version: '2012-10-17'
        Statement:
          - Sid: OnlyTheLaunchRulesSend
            Effect: Allow
            Principal:
              Service: events.amazonaws.com
            Action: sqs:SendMessage
            Resource: !GetAtt LaunchEventsQueue.Arn
            Condition:
              ArnEquals:
                aws:SourceArn:
                  - !GetAtt LaunchStateChangeRule.Arn
                  - !GetAtt LaunchApiCallRule.Arn
`;

const trailSourceArn = `!Sub 'arn:\${AWS::Partition}:cloudtrail:\${AWS::Region}:\${AWS::AccountId}:trail/${MANAGEMENT_TRAIL_NAME}'`;

const trailResources = `
  ManagementEventsBucket:
    Type: AWS::S3::Bucket
    Condition: CreateTrail
    DeletionPolicy: Retain
    Properties:
      BucketName: !Sub 'spendguard-trail-\${AWS::AccountId}-\${AWS::Region}'
${privateBucket}      LifecycleConfiguration:
        Rules:
          - Id: ExpireTrailLogs
            Status: Enabled
            ExpirationInDays: 90

  ManagementEventsBucketPolicy:
    Type: AWS::S3::BucketPolicy
    Condition: CreateTrail
    Properties:
      Bucket: !Ref ManagementEventsBucket
      PolicyDocument:
        Version: '2012-10-17'
        Statement:
          - Sid: CloudTrailChecksTheAcl
            Effect: Allow
            Principal:
              Service: cloudtrail.amazonaws.com
            Action: s3:GetBucketAcl
            Resource: !Sub 'arn:\${AWS::Partition}:s3:::\${ManagementEventsBucket}'
            Condition:
              StringEquals:
                aws:SourceArn: ${trailSourceArn}
          - Sid: CloudTrailWritesLogs
            Effect: Allow
            Principal:
              Service: cloudtrail.amazonaws.com
            Action: s3:PutObject
            Resource: !Sub 'arn:\${AWS::Partition}:s3:::\${ManagementEventsBucket}/AWSLogs/\${AWS::AccountId}/*'
            Condition:
              StringEquals:
                s3:x-amz-acl: bucket-owner-full-control
                aws:SourceArn: ${trailSourceArn}

  ManagementEventsTrail:
    Type: AWS::CloudTrail::Trail
    Condition: CreateTrail
    DependsOn: ManagementEventsBucketPolicy
    Properties:
      TrailName: ${MANAGEMENT_TRAIL_NAME}
      S3BucketName: !Ref ManagementEventsBucket
      IsLogging: true
      IsMultiRegionTrail: true
      IncludeGlobalServiceEvents: true
      EnableLogFileValidation: true
      EventSelectors:
        - ReadWriteType: WriteOnly
          IncludeManagementEvents: true
`;

const REGIONS_NOTE =
  'EventBridge rules are regional: this stack hears launches in its own region only. To cover more regions, deploy it again in each (LaunchEventsOnly=true: queue and rules only, the role already reads a queue of this name in every region), or as a StackSet over the regions with LaunchEventsOnly=true.';

/** The YAML a person downloads or the console's quick-create page reads. */
export function cloudFormationTemplate(input: TemplateInput): string {
  return `AWSTemplateFormatVersion: '2010-09-09'
Description: >-
  Spendguard read-only access: a cross-account IAM role for Cost Explorer, the billing export bucket,
  CloudWatch metrics, EC2 inventory, Organizations and the Price List. It can read, never change;
  with LaunchEvents it may also receive and delete messages from its own launch-events queue.
  ${REGIONS_NOTE}

Metadata:
  SpendguardLaunchEvents:
    Regional: >-
      ${REGIONS_NOTE}
    CloudTrail: >-
      EC2 state changes reach the queue without a trail. CloudTrail API calls (who launched what
      type) reach EventBridge only where a trail logs management events (an organization trail
      counts); set ManagementEventsTrail=Enabled in one region if the account has none.
  AWS::CloudFormation::Interface:
    ParameterGroups:
      - Label:
          default: Access
        Parameters: [ExternalId, SpendguardAccountId]
      - Label:
          default: Billing data
        Parameters: [CreateCurExport, ExistingExportBucket]
      - Label:
          default: Launch events (early warning)
        Parameters: [LaunchEvents, ManagementEventsTrail, LaunchEventsOnly]
      - Label:
          default: Actions (opt-in)
        Parameters: [ActionRole]

Parameters:
  ExternalId:
    Type: String
    Default: '${input.externalId}'
    Description: The ExternalId shown by Spendguard for this integration (do not share it).
  SpendguardAccountId:
    Type: String
    Default: '${input.spendguardAccountId}'
    AllowedPattern: '^\\d{12}$'
    Description: The AWS account Spendguard runs in; only it may assume the role.
  CreateCurExport:
    Type: String
    Default: '${input.withExport ? 'true' : 'false'}'
    AllowedValues: ['true', 'false']
    Description: Also create a CUR 2.0 Data Export (hourly, Parquet, resource ids) into a new bucket.
  ExistingExportBucket:
    Type: String
    Default: ''
    Description: A bucket that already holds your CUR or FOCUS export (leave empty if none).
  LaunchEvents:
    Type: String
    Default: ${input.launchEvents === false ? 'Disabled' : 'Enabled'}
    AllowedValues: [Enabled, Disabled]
    Description: >-
      An SQS queue and EventBridge rules in this region, so Spendguard learns within a minute what
      was launched or resized, by whom, and what it costs an hour. No inbound port is needed.
  ManagementEventsTrail:
    Type: String
    Default: ${input.managementEventsTrail ? 'Enabled' : 'Disabled'}
    AllowedValues: [Enabled, Disabled]
    Description: >-
      Also create a multi-region CloudTrail trail of write management events, with its bucket. Only
      needed if no trail (or organization trail) logs this account already.
  LaunchEventsOnly:
    Type: String
    Default: 'false'
    AllowedValues: ['true', 'false']
    Description: Set to true in an additional region, where only the launch-events queue and rules are created.
  ActionRole:
    Type: String
    Default: Disabled
    AllowedValues: [Enabled, Disabled]
    Description: >-
      Also create a second role, ${ACTION_ROLE_NAME}, that Spendguard assumes only when a person in your
      organization confirms an action: stop or start EC2 instances, set an Auto Scaling group's sizes,
      stop or start RDS instances, tag resources. It is denied on anything tagged spendguard:protect=true.
      The read-only role stays read-only.

Conditions:
  CreateRole: !Equals [!Ref LaunchEventsOnly, 'false']
  CreateExport: !And [!Equals [!Ref CreateCurExport, 'true'], !Condition CreateRole]
  HasExistingBucket: !Not [!Equals [!Ref ExistingExportBucket, '']]
  LaunchEventsOn: !Equals [!Ref LaunchEvents, Enabled]
  CreateTrail: !Equals [!Ref ManagementEventsTrail, Enabled]
  CreateActionRole: !And [!Equals [!Ref ActionRole, Enabled], !Condition CreateRole]

Resources:
  SpendguardReadOnlyRole:
    Type: AWS::IAM::Role
    Condition: CreateRole
    Properties:
      RoleName: ${ROLE_NAME}
      MaxSessionDuration: 3600
${trustPolicy}      Policies:
        - PolicyName: spendguard-read-only
          PolicyDocument:
            Version: '2012-10-17'
            Statement:
              - Sid: ReadCostsInventoryAndMetrics
                Effect: Allow
                Action:
${yamlList(READ_ONLY_ACTIONS, '                  ')}
                Resource: '*'
              - Sid: ReadBillingExports
                Effect: Allow
                Action:
                  - s3:GetObject
                  - s3:ListBucket
                  - s3:GetBucketLocation
                Resource:
                  - !If
                    - CreateExport
                    - !Sub 'arn:\${AWS::Partition}:s3:::spendguard-cur-\${AWS::AccountId}'
                    - !If [HasExistingBucket, !Sub 'arn:\${AWS::Partition}:s3:::\${ExistingExportBucket}', !Ref AWS::NoValue]
                  - !If
                    - CreateExport
                    - !Sub 'arn:\${AWS::Partition}:s3:::spendguard-cur-\${AWS::AccountId}/*'
                    - !If [HasExistingBucket, !Sub 'arn:\${AWS::Partition}:s3:::\${ExistingExportBucket}/*', !Ref AWS::NoValue]
              - !If
                - LaunchEventsOn
                - Sid: ReceiveLaunchEvents
                  Effect: Allow
                  Action:
${yamlList(LAUNCH_EVENT_ACTIONS, '                    ')}
                  Resource: !Sub 'arn:\${AWS::Partition}:sqs:*:\${AWS::AccountId}:${LAUNCH_EVENTS_QUEUE_NAME}'
                - !Ref AWS::NoValue
${actionRoleResource}${exportResources}${launchEventResources}${trailResources}
Outputs:
  RoleArn:
    Condition: CreateRole
    Description: Paste this into Spendguard (AWS integrations, existing stack).
    Value: !GetAtt SpendguardReadOnlyRole.Arn
  ActionRoleArn:
    Condition: CreateActionRole
    Description: Paste this into Spendguard (the integration's Actions) to let it act on confirmed actions.
    Value: !GetAtt SpendguardActionsRole.Arn
  ExternalId:
    Value: !Ref ExternalId
  ExportBucket:
    Condition: CreateExport
    Description: Where the CUR 2.0 export lands (prefix cur/spendguard).
    Value: !Ref BillingExportBucket
  LaunchEventsQueueUrl:
    Condition: LaunchEventsOn
    Description: The queue Spendguard long-polls for launch events in this region.
    Value: !Ref LaunchEventsQueue
  ManagementEventsTrailArn:
    Condition: CreateTrail
    Value: !GetAtt ManagementEventsTrail.Arn
`;
}

/**
 * The console's quick-create page: it opens the stack form with the template and this integration's
 * ExternalId filled in. CloudFormation fetches `templateUrl` itself, so it must be reachable over HTTPS.
 */
export function quickCreateUrl(input: TemplateInput & { templateUrl: string; region?: string }): string {
  const region = input.region ?? 'us-east-1';
  const query = new URLSearchParams({
    templateURL: input.templateUrl,
    stackName: STACK_NAME,
    param_ExternalId: input.externalId,
    param_SpendguardAccountId: input.spendguardAccountId,
    param_CreateCurExport: input.withExport ? 'true' : 'false',
  });
  return `https://${region}.console.aws.amazon.com/cloudformation/home?region=${region}#/stacks/quickcreate?${query.toString()}`;
}
