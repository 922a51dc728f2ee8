import { AutoScalingClient } from '@aws-sdk/client-auto-scaling';
import { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import { ComputeOptimizerClient } from '@aws-sdk/client-compute-optimizer';
import { CostExplorerClient } from '@aws-sdk/client-cost-explorer';
import { CostOptimizationHubClient } from '@aws-sdk/client-cost-optimization-hub';
import { EC2Client } from '@aws-sdk/client-ec2';
import { ElasticLoadBalancingV2Client } from '@aws-sdk/client-elastic-load-balancing-v2';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { RDSClient } from '@aws-sdk/client-rds';
import { ResourceGroupsTaggingAPIClient } from '@aws-sdk/client-resource-groups-tagging-api';
import { S3Client } from '@aws-sdk/client-s3';
import { SavingsplansClient } from '@aws-sdk/client-savingsplans';
import { SQSClient } from '@aws-sdk/client-sqs';
import { STSClient } from '@aws-sdk/client-sts';
import type { AwsAccess, AwsCredentials } from '../../../aws-access.ts';

/** SDK clients for one identity and region, pointed at AWS or at the simulator. */
export function awsClients(
  access: AwsAccess,
  credentials: AwsCredentials | undefined,
  region = access.region,
) {
  const config = {
    region,
    endpoint: access.endpoint,
    credentials: credentials ?? access.credentials,
    maxAttempts: access.maxAttempts,
  };
  return {
    sts: new STSClient(config),
    // Cost Explorer has one endpoint, in us-east-1.
    costExplorer: new CostExplorerClient({ ...config, region: 'us-east-1' }),
    s3: new S3Client({ ...config, forcePathStyle: access.endpoint !== undefined }),
    cloudWatch: new CloudWatchClient(config),
    ec2: new EC2Client(config),
    elbv2: new ElasticLoadBalancingV2Client(config),
    rds: new RDSClient(config),
    // Savings Plans has one endpoint, in us-east-1.
    savingsPlans: new SavingsplansClient({ ...config, region: 'us-east-1' }),
    sqs: new SQSClient(config),
    autoScaling: new AutoScalingClient(config),
    computeOptimizer: new ComputeOptimizerClient(config),
    // Cost Optimization Hub has one endpoint, in us-east-1.
    costOptimizationHub: new CostOptimizationHubClient({ ...config, region: 'us-east-1' }),
  };
}

export type AwsClients = ReturnType<typeof awsClients>;

/** An SQS client alone (the launch-events poller keeps one per queue while it polls). */
export function sqsClient(access: AwsAccess, credentials: AwsCredentials | undefined, region: string) {
  return new SQSClient({
    region,
    endpoint: access.endpoint,
    credentials: credentials ?? access.credentials,
    maxAttempts: access.maxAttempts,
  });
}

/** A Lambda client alone (the usage meter lists functions for their memory size). */
export function lambdaClient(access: AwsAccess, credentials: AwsCredentials | undefined, region: string) {
  return new LambdaClient({
    region,
    endpoint: access.endpoint,
    credentials: credentials ?? access.credentials,
    maxAttempts: access.maxAttempts,
  });
}

/** A Resource Groups Tagging API client alone (the usage meter reads its resources' owners from their tags). */
export function taggingClient(access: AwsAccess, credentials: AwsCredentials | undefined, region: string) {
  return new ResourceGroupsTaggingAPIClient({
    region,
    endpoint: access.endpoint,
    credentials: credentials ?? access.credentials,
    maxAttempts: access.maxAttempts,
  });
}
