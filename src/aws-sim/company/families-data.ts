import { ids, numbered, type ResourceFamily } from './resource-family.ts';

/** Storage, databases, analytics and messaging spend. */
// biome-ignore format: one usage line per row reads as a price list
export const DATA_FAMILIES: ResourceFamily[] = [
  {
    productCode: 'AmazonS3', productName: 'Amazon Simple Storage Service', account: 'prod', region: 'us-east-1',
    names: numbered('acme-prod-assets', 14), resourceId: ids.name(), team: 'web', project: 'storefront', untaggedEvery: 7,
    usage: [
      { usageType: 'TimedStorage-ByteHrs', operation: 'StandardStorage', usdPerUnit: 0.023, unitsPerDay: 70, scaling: 'growing' },
      { usageType: 'Requests-Tier1', operation: 'PutObject', usdPerUnit: 0.000005, unitsPerDay: 25_000, scaling: 'traffic' },
      { usageType: 'Requests-Tier2', operation: 'GetObject', usdPerUnit: 0.0000004, unitsPerDay: 300_000, scaling: 'traffic' },
    ],
  },
  {
    productCode: 'AmazonS3', productName: 'Amazon Simple Storage Service', account: 'data', region: 'us-west-2',
    names: numbered('acme-datalake', 18), resourceId: ids.name(), team: 'data', project: 'analytics', untaggedEvery: 8,
    usage: [
      { usageType: 'TimedStorage-ByteHrs', operation: 'StandardStorage', usdPerUnit: 0.023, unitsPerDay: 95, scaling: 'growing' },
      { usageType: 'Requests-Tier1', operation: 'PutObject', usdPerUnit: 0.000005, unitsPerDay: 40_000, scaling: 'traffic' },
    ],
  },
  {
    productCode: 'AmazonS3', productName: 'Amazon Simple Storage Service', account: 'staging', region: 'us-east-1',
    names: numbered('acme-staging-bucket', 8), resourceId: ids.name(), team: 'web', project: 'storefront', untaggedEvery: 2,
    usage: [
      { usageType: 'TimedStorage-ByteHrs', operation: 'StandardStorage', usdPerUnit: 0.023, unitsPerDay: 6, scaling: 'growing' },
    ],
  },
  {
    productCode: 'AmazonDynamoDB', productName: 'Amazon DynamoDB', account: 'prod', region: 'us-east-1',
    names: numbered('orders-table', 16), resourceId: ids.arn('dynamodb', 'table'), team: 'payments', project: 'checkout',
    usage: [
      { usageType: 'ReadRequestUnits', operation: 'PayPerRequestThroughput', usdPerUnit: 0.000000125, unitsPerDay: 4_000_000, scaling: 'traffic' },
      { usageType: 'WriteRequestUnits', operation: 'PayPerRequestThroughput', usdPerUnit: 0.000000625, unitsPerDay: 800_000, scaling: 'traffic' },
      { usageType: 'TimedStorage-ByteHrs', operation: 'StandardStorage', usdPerUnit: 0.25, unitsPerDay: 1.6, scaling: 'growing' },
    ],
  },
  {
    productCode: 'AmazonRDS', productName: 'Amazon Relational Database Service', account: 'prod', region: 'us-east-1',
    names: ['auth-db'], resourceId: ids.arn('rds', 'db', ':'), team: 'platform', project: 'identity',
    usage: [
      { usageType: 'InstanceUsage:db.m6g.large', operation: 'CreateDBInstance:0014', usdPerUnit: 0.152, unitsPerDay: 24, scaling: 'fixed' },
      { usageType: 'RDS:GP3-Storage', operation: 'CreateDBInstance:0014', usdPerUnit: 0.115, unitsPerDay: 6.5, scaling: 'growing' },
    ],
  },
  {
    productCode: 'AmazonRDS', productName: 'Amazon Relational Database Service', account: 'staging', region: 'us-east-1',
    names: ['staging-db'], resourceId: ids.arn('rds', 'db', ':'), team: 'payments', project: 'checkout',
    usage: [
      { usageType: 'InstanceUsage:db.t4g.medium', operation: 'CreateDBInstance:0002', usdPerUnit: 0.065, unitsPerDay: 24, scaling: 'fixed' },
      { usageType: 'RDS:GP3-Storage', operation: 'CreateDBInstance:0002', usdPerUnit: 0.115, unitsPerDay: 3.3, scaling: 'growing' },
    ],
  },
  {
    productCode: 'AmazonRDS', productName: 'Amazon Relational Database Service', account: 'data', region: 'us-west-2',
    names: ['analytics-db'], resourceId: ids.arn('rds', 'db', ':'), team: 'data', project: 'analytics',
    usage: [
      { usageType: 'InstanceUsage:db.r6g.xlarge', operation: 'CreateDBInstance:0014', usdPerUnit: 0.45, unitsPerDay: 24, scaling: 'fixed' },
      { usageType: 'RDS:GP3-Storage', operation: 'CreateDBInstance:0014', usdPerUnit: 0.115, unitsPerDay: 33, scaling: 'growing' },
      { usageType: 'RDS:ChargedBackupUsage', operation: 'CreateDBInstance:0014', usdPerUnit: 0.095, unitsPerDay: 40, scaling: 'growing' },
    ],
  },
  {
    productCode: 'AmazonRedshift', productName: 'Amazon Redshift', account: 'data', region: 'us-west-2',
    names: ['analytics-dw'], resourceId: ids.arn('redshift', 'cluster', ':'), team: 'data', project: 'analytics',
    usage: [
      { usageType: 'Node:ra3.xlplus', operation: 'RunComputeNode:0001', usdPerUnit: 1.086, unitsPerDay: 48, scaling: 'fixed' },
      { usageType: 'RMS:ra3', operation: 'RunComputeNode:0001', usdPerUnit: 0.024, unitsPerDay: 165, scaling: 'growing' },
    ],
  },
  {
    productCode: 'AmazonAthena', productName: 'Amazon Athena', account: 'data', region: 'us-west-2',
    names: ['analytics-adhoc', 'dashboards', 'finance-reports'], resourceId: ids.arn('athena', 'workgroup'), team: 'data', project: 'analytics',
    usage: [
      { usageType: 'DataScannedInTB', operation: 'RunQuery', usdPerUnit: 5, unitsPerDay: 0.27, scaling: 'traffic' },
    ],
  },
  {
    productCode: 'AWSGlue', productName: 'AWS Glue', account: 'data', region: 'us-west-2',
    names: numbered('etl-job', 8), resourceId: ids.arn('glue', 'job'), team: 'data', project: 'analytics',
    usage: [
      { usageType: 'ETL-DPU-Hour', operation: 'Jobrun', usdPerUnit: 0.44, unitsPerDay: 10, scaling: 'traffic' },
    ],
  },
  {
    productCode: 'AmazonKinesis', productName: 'Amazon Kinesis', account: 'data', region: 'us-west-2',
    names: ['clickstream', 'orders-events', 'audit-log', 'metrics'], resourceId: ids.arn('kinesis', 'stream'), team: 'data', project: 'analytics',
    usage: [
      { usageType: 'Storage-ShardHour', operation: 'shardHourStorage', usdPerUnit: 0.015, unitsPerDay: 192, scaling: 'fixed' },
      { usageType: 'PutRequestPayloadUnits', operation: 'PutRecord', usdPerUnit: 0.000000014, unitsPerDay: 50_000_000, scaling: 'traffic' },
    ],
  },
  {
    productCode: 'AmazonElastiCache', productName: 'Amazon ElastiCache', account: 'prod', region: 'us-east-1',
    names: numbered('sessions-cache', 4), resourceId: ids.arn('elasticache', 'cluster', ':'), team: 'web', project: 'storefront',
    usage: [
      { usageType: 'NodeUsage:cache.r6g.large', operation: 'CreateCacheCluster:0002', usdPerUnit: 0.206, unitsPerDay: 24, scaling: 'fixed' },
    ],
  },
  {
    productCode: 'AmazonES', productName: 'Amazon OpenSearch Service', account: 'prod', region: 'us-east-1',
    names: ['search-prod'], resourceId: ids.arn('es', 'domain'), team: 'growth', project: 'search',
    usage: [
      { usageType: 'ESInstance:r6g.large.search', operation: 'ESDomain', usdPerUnit: 0.167, unitsPerDay: 72, scaling: 'fixed' },
      { usageType: 'ES:GP3-Storage', operation: 'ESDomain', usdPerUnit: 0.122, unitsPerDay: 50, scaling: 'growing' },
    ],
  },
  {
    productCode: 'AmazonEFS', productName: 'Amazon Elastic File System', account: 'prod', region: 'us-east-1',
    names: numbered('shared-fs', 4), resourceId: ids.arn('elasticfilesystem', 'file-system'), team: 'platform', project: 'shared-compute',
    usage: [
      { usageType: 'TimedStorage-ByteHrs', operation: 'Storage', usdPerUnit: 0.3, unitsPerDay: 13, scaling: 'growing' },
    ],
  },
  {
    productCode: 'AWSBackup', productName: 'AWS Backup', account: 'prod', region: 'us-east-1',
    names: ['prod-vault', 'compliance-vault', 'dr-vault'], resourceId: ids.arn('backup', 'backup-vault', ':'), team: 'platform', project: 'resilience',
    usage: [
      { usageType: 'WarmStorage-ByteHrs-EBS', operation: 'Storage', usdPerUnit: 0.05, unitsPerDay: 100, scaling: 'growing' },
    ],
  },
];
