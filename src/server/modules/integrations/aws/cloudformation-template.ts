/**
 * The CloudFormation template of the setup screen: a read-only cross-account role that Spendguard's
 * account may assume only with this integration's ExternalId, and optionally a CUR 2.0 Data Export
 * (hourly, Parquet, resource ids) into a bucket the stack creates.
 */
export const ROLE_NAME = 'SpendguardReadOnly';
export const STACK_NAME = 'Spendguard';

export interface TemplateInput {
  externalId: string;
  spendguardAccountId: string;
  withExport: boolean;
}

const READ_ONLY_ACTIONS = [
  'ce:Get*',
  'ce:Describe*',
  'ce:List*',
  'cur:DescribeReportDefinitions',
  'bcm-data-exports:ListExports',
  'bcm-data-exports:GetExport',
  'cloudwatch:GetMetricData',
  'cloudwatch:GetMetricStatistics',
  'cloudwatch:ListMetrics',
  'ec2:DescribeInstances',
  'ec2:DescribeRegions',
  'ec2:DescribeInstanceTypes',
  'ec2:DescribeReservedInstances',
  'autoscaling:DescribeAutoScalingGroups',
  'organizations:ListAccounts',
  'organizations:DescribeOrganization',
  'pricing:GetProducts',
  'pricing:DescribeServices',
  'savingsplans:DescribeSavingsPlans',
];

const exportResources = `
  BillingExportBucket:
    Type: AWS::S3::Bucket
    Condition: CreateExport
    DeletionPolicy: Retain
    Properties:
      BucketName: !Sub 'spendguard-cur-\${AWS::AccountId}'
      PublicAccessBlockConfiguration:
        BlockPublicAcls: true
        BlockPublicPolicy: true
        IgnorePublicAcls: true
        RestrictPublicBuckets: true
      BucketEncryption:
        ServerSideEncryptionConfiguration:
          - ServerSideEncryptionByDefault:
              SSEAlgorithm: AES256

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

/** The YAML a person downloads or the console's quick-create page reads. */
export function cloudFormationTemplate(input: TemplateInput): string {
  const actions = READ_ONLY_ACTIONS.map((action) => `              - ${action}`).join('\n');
  return `AWSTemplateFormatVersion: '2010-09-09'
Description: >-
  Spendguard read-only access: a cross-account IAM role for Cost Explorer, the billing export bucket,
  CloudWatch metrics, EC2 inventory, Organizations and the Price List. It can read, never change.

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

Conditions:
  CreateExport: !Equals [!Ref CreateCurExport, 'true']
  HasExistingBucket: !Not [!Equals [!Ref ExistingExportBucket, '']]

Resources:
  SpendguardReadOnlyRole:
    Type: AWS::IAM::Role
    Properties:
      RoleName: ${ROLE_NAME}
      MaxSessionDuration: 3600
      AssumeRolePolicyDocument:
        Version: '2012-10-17'
        Statement:
          - Effect: Allow
            Principal:
              AWS: !Sub 'arn:\${AWS::Partition}:iam::\${SpendguardAccountId}:root'
            Action: sts:AssumeRole
            Condition:
              StringEquals:
                sts:ExternalId: !Ref ExternalId
      Policies:
        - PolicyName: spendguard-read-only
          PolicyDocument:
            Version: '2012-10-17'
            Statement:
              - Sid: ReadCostsInventoryAndMetrics
                Effect: Allow
                Action:
${actions}
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
${exportResources}
Outputs:
  RoleArn:
    Description: Paste this into Spendguard (AWS integrations, existing stack).
    Value: !GetAtt SpendguardReadOnlyRole.Arn
  ExternalId:
    Value: !Ref ExternalId
  ExportBucket:
    Condition: CreateExport
    Description: Where the CUR 2.0 export lands (prefix cur/spendguard).
    Value: !Ref BillingExportBucket
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
