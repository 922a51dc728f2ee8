import { AutoScalingClient } from '@aws-sdk/client-auto-scaling';
import { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import { ComputeOptimizerClient } from '@aws-sdk/client-compute-optimizer';
import { CostExplorerClient } from '@aws-sdk/client-cost-explorer';
import { CostOptimizationHubClient } from '@aws-sdk/client-cost-optimization-hub';
import { EC2Client } from '@aws-sdk/client-ec2';
import { PricingClient } from '@aws-sdk/client-pricing';
import { RDSClient } from '@aws-sdk/client-rds';
import { S3Client } from '@aws-sdk/client-s3';
import { SavingsplansClient } from '@aws-sdk/client-savingsplans';
import { SQSClient } from '@aws-sdk/client-sqs';
import { STSClient } from '@aws-sdk/client-sts';
import type { AwsSimulator, Credentials } from './index.ts';

export interface SimulatorClientOptions {
  /** The simulator's static keys when absent. */
  credentials?: Credentials;
  region?: string;
  /** 1 turns the SDK's retries off, to see a throttling error as the first attempt gets it. */
  maxAttempts?: number;
}

/** Real SDK clients pointed at the simulator, configured as the server configures them for AWS. */
export function simulatorClients(
  simulator: Pick<AwsSimulator, 'endpoint' | 'region' | 'credentials'>,
  options: SimulatorClientOptions = {},
) {
  const config = {
    endpoint: simulator.endpoint,
    region: options.region ?? simulator.region,
    credentials: options.credentials ?? simulator.credentials,
    maxAttempts: options.maxAttempts,
  };
  return {
    sts: new STSClient(config),
    costExplorer: new CostExplorerClient(config),
    s3: new S3Client({ ...config, forcePathStyle: true }),
    cloudWatch: new CloudWatchClient(config),
    ec2: new EC2Client(config),
    pricing: new PricingClient(config),
    sqs: new SQSClient(config),
    autoScaling: new AutoScalingClient(config),
    computeOptimizer: new ComputeOptimizerClient(config),
    costOptimizationHub: new CostOptimizationHubClient({ ...config, region: 'us-east-1' }),
    rds: new RDSClient(config),
    savingsPlans: new SavingsplansClient(config),
  };
}
