import { ids, numbered, type ResourceFamily } from './resource-family.ts';

/** Monitoring, messaging, security and governance spend. */
// biome-ignore format: one usage line per row reads as a price list
export const OPERATIONS_FAMILIES: ResourceFamily[] = [
  {
    productCode: 'AmazonCloudWatch', productName: 'AmazonCloudWatch', account: 'prod', region: 'us-east-1',
    names: ['metrics'],
    usage: [
      { usageType: 'CW:MetricMonitorUsage', operation: 'MetricStorage', usdPerUnit: 0.3, unitsPerDay: 21, scaling: 'growing' },
      { usageType: 'CW:Requests', operation: 'GetMetricData', usdPerUnit: 0.00001, unitsPerDay: 90_000, scaling: 'traffic' },
    ],
  },
  {
    productCode: 'AmazonCloudWatch', productName: 'AmazonCloudWatch', account: 'prod', region: 'us-east-1',
    names: numbered('/aws/app/prod', 14), resourceId: ids.arn('logs', 'log-group', ':'), team: 'platform', project: 'observability', untaggedEvery: 4,
    usage: [
      { usageType: 'DataProcessing-Bytes', operation: 'PutLogEvents', usdPerUnit: 0.5, unitsPerDay: 1.3, scaling: 'traffic' },
      { usageType: 'TimedStorage-ByteHrs', operation: 'HourlyStorageMetering', usdPerUnit: 0.03, unitsPerDay: 5, scaling: 'growing' },
    ],
  },
  {
    productCode: 'AmazonCloudWatch', productName: 'AmazonCloudWatch', account: 'data', region: 'us-west-2',
    names: numbered('/aws/data/pipeline', 8), resourceId: ids.arn('logs', 'log-group', ':'), team: 'data', project: 'analytics', untaggedEvery: 3,
    usage: [
      { usageType: 'DataProcessing-Bytes', operation: 'PutLogEvents', usdPerUnit: 0.5, unitsPerDay: 0.9, scaling: 'traffic' },
    ],
  },
  {
    productCode: 'AWSQueueService', productName: 'Amazon Simple Queue Service', account: 'prod', region: 'us-east-1',
    names: numbered('orders-queue', 20), resourceId: ids.arn('sqs', '', ''), team: 'payments', project: 'ledger',
    usage: [
      { usageType: 'Requests-RBP', operation: 'SendMessage', usdPerUnit: 0.0000004, unitsPerDay: 2_400_000, scaling: 'traffic' },
    ],
  },
  {
    productCode: 'AmazonSNS', productName: 'Amazon Simple Notification Service', account: 'prod', region: 'us-east-1',
    names: numbered('events-topic', 8), resourceId: ids.arn('sns', '', ''), team: 'payments', project: 'ledger',
    usage: [
      { usageType: 'Requests-Tier1', operation: 'Publish', usdPerUnit: 0.0000005, unitsPerDay: 1_000_000, scaling: 'traffic' },
      { usageType: 'DeliveryAttempts-HTTP', operation: 'Notification-HTTP', usdPerUnit: 0.0000006, unitsPerDay: 900_000, scaling: 'traffic' },
    ],
  },
  {
    productCode: 'awskms', productName: 'AWS Key Management Service', account: 'prod', region: 'us-east-1',
    names: numbered('key', 12), resourceId: ids.arn('kms', 'key'), team: 'platform', project: 'security',
    usage: [
      { usageType: 'KMS-Keys', operation: 'CreateKey', usdPerUnit: 1 / 30, unitsPerDay: 1, scaling: 'fixed' },
      { usageType: 'KMS-Requests', operation: 'Decrypt', usdPerUnit: 0.000003, unitsPerDay: 500_000, scaling: 'traffic' },
    ],
  },
  {
    productCode: 'AWSSecretsManager', productName: 'AWS Secrets Manager', account: 'prod', region: 'us-east-1',
    names: numbered('prod/secret', 30), resourceId: ids.arn('secretsmanager', 'secret', ':'), team: 'platform', project: 'security',
    usage: [
      { usageType: 'AWSSecretsManager-Secrets', operation: 'StorageSecret', usdPerUnit: 0.4 / 30, unitsPerDay: 1, scaling: 'fixed' },
      { usageType: 'AWSSecretsManager-APIRequest', operation: 'GetSecretValue', usdPerUnit: 0.000005, unitsPerDay: 40_000, scaling: 'traffic' },
    ],
  },
  {
    productCode: 'AmazonRoute53', productName: 'Amazon Route 53', account: 'prod', region: 'us-east-1', global: true,
    names: ['acme.example', 'acme-internal.example', 'shop.acme.example', 'api.acme.example'], resourceId: (name) => `arn:aws:route53:::hostedzone/Z${name.length}ACME${name.replace(/\W/g, '').slice(0, 8).toUpperCase()}`, team: 'platform', project: 'shared-network',
    usage: [
      { usageType: 'HostedZone', operation: 'HostedZone', usdPerUnit: 0.5 / 30, unitsPerDay: 1, scaling: 'fixed' },
      { usageType: 'DNS-Queries', operation: 'Query', usdPerUnit: 0.0000004, unitsPerDay: 4_000_000, scaling: 'traffic' },
    ],
  },
  ...(['prod', 'staging', 'data'] as const).map((account): ResourceFamily => ({
    productCode: 'AWSConfig', productName: 'AWS Config', account, region: account === 'data' ? 'us-west-2' : 'us-east-1',
    names: ['recorder'],
    usage: [
      { usageType: 'ConfigurationItemRecorded', operation: 'None', usdPerUnit: 0.003, unitsPerDay: account === 'prod' ? 2_000 : 700, scaling: 'traffic' },
    ],
  })),
  ...(['prod', 'staging', 'data'] as const).map((account): ResourceFamily => ({
    productCode: 'AmazonGuardDuty', productName: 'Amazon GuardDuty', account, region: account === 'data' ? 'us-west-2' : 'us-east-1',
    names: ['detector'],
    usage: [
      { usageType: 'PaidEventsAnalyzed', operation: 'CloudTrailAnalysis', usdPerUnit: 0.000004, unitsPerDay: account === 'prod' ? 1_100_000 : 400_000, scaling: 'traffic' },
      { usageType: 'PaidS3DataEventsAnalyzed', operation: 'S3DataEventAnalysis', usdPerUnit: 0.0000008, unitsPerDay: 2_000_000, scaling: 'traffic' },
    ],
  })),
];
