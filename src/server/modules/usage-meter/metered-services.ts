import type { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import { type LambdaClient, paginateListFunctions } from '@aws-sdk/client-lambda';
import {
  BYTES_PER_BILLED_GB,
  type MeteredCharge,
  type MeteredService,
  USAGE_PRICE_TABLES,
} from '../../../domain/usage-prices.ts';
import { listDimensionValues, type MeterQuery } from './metric-reader.ts';

/** The clients one region's read uses. */
export interface RegionClients {
  cloudWatch: CloudWatchClient;
  lambda: LambdaClient;
}

/**
 * What the meter reads for one service (docs/decisions/094): which metric and statistic each charge
 * follows, per resource, and how the resources are listed.
 */
export interface MeteredServiceDefinition {
  service: MeteredService;
  /** The charges it stores (one cursor each per region). */
  charges: readonly MeteredCharge[];
  /** Namespace and metric whose presence in a region (ListMetrics) means the service is used there. */
  presence: { namespace: string; metricName: string; dimensionName: string };
  /** The IAM actions its reads need besides cloudwatch:GetMetricData, named when one is refused. */
  permissions: readonly string[];
  /** The queries of one read: one per metric of each existing resource. */
  queries(clients: RegionClients): Promise<MeterQuery[]>;
}

const GB = 1 / BYTES_PER_BILLED_GB;

/** Both directions through a NAT gateway are billed as data processed (docs/decisions/091). */
const natGateway: MeteredServiceDefinition = {
  service: 'nat-gateway',
  charges: ['nat-gateway-data-processed'],
  presence: {
    namespace: 'AWS/NATGateway',
    metricName: 'BytesOutToDestination',
    dimensionName: 'NatGatewayId',
  },
  permissions: ['cloudwatch:ListMetrics'],
  async queries({ cloudWatch }) {
    const ids = await listDimensionValues(cloudWatch, this.presence);
    return ids.flatMap((resourceId) =>
      ['BytesOutToDestination', 'BytesOutToSource'].map((metricName) => ({
        charge: 'nat-gateway-data-processed' as const,
        resourceId,
        namespace: 'AWS/NATGateway',
        metricName,
        dimensionName: 'NatGatewayId',
        factor: GB,
      })),
    );
  },
};

/**
 * Lambda bills requests (`Invocations`, Sum) and duration in GB-seconds: `Duration` (Sum, in
 * milliseconds) times the function's configured memory, which only Lambda's ListFunctions knows, as
 * it knows the architecture (Arm GB-seconds cost less). The functions listed are the ones asked for:
 * a deleted function is no longer read.
 */
const lambda: MeteredServiceDefinition = {
  service: 'lambda',
  charges: ['lambda-requests', 'lambda-gb-seconds', 'lambda-gb-seconds-arm'],
  presence: { namespace: 'AWS/Lambda', metricName: 'Invocations', dimensionName: 'FunctionName' },
  permissions: ['lambda:ListFunctions', 'cloudwatch:ListMetrics'],
  async queries({ lambda: client }) {
    const queries: MeterQuery[] = [];
    for await (const page of paginateListFunctions({ client }, {})) {
      for (const fn of page.Functions ?? []) {
        if (!fn.FunctionName) continue;
        const memoryGb = (fn.MemorySize ?? 128) / 1024;
        const base = { resourceId: fn.FunctionName, namespace: 'AWS/Lambda', dimensionName: 'FunctionName' };
        queries.push({ ...base, charge: 'lambda-requests', metricName: 'Invocations', factor: 1 });
        queries.push({
          ...base,
          charge: fn.Architectures?.includes('arm64') ? 'lambda-gb-seconds-arm' : 'lambda-gb-seconds',
          metricName: 'Duration',
          factor: memoryGb / 1000,
        });
      }
    }
    return queries;
  },
};

/** CloudWatch Logs ingestion follows `IncomingBytes` (Sum, uncompressed bytes) per log group. */
const logs: MeteredServiceDefinition = {
  service: 'logs',
  charges: ['logs-ingested'],
  presence: { namespace: 'AWS/Logs', metricName: 'IncomingBytes', dimensionName: 'LogGroupName' },
  permissions: ['cloudwatch:ListMetrics'],
  async queries({ cloudWatch }) {
    const groups = await listDimensionValues(cloudWatch, this.presence);
    return groups.map((resourceId) => ({
      charge: 'logs-ingested' as const,
      resourceId,
      namespace: 'AWS/Logs',
      metricName: 'IncomingBytes',
      dimensionName: 'LogGroupName',
      factor: GB,
    }));
  },
};

/**
 * An on-demand table bills the read and write request units it consumed, which CloudWatch publishes
 * as `ConsumedReadCapacityUnits` and `ConsumedWriteCapacityUnits` (Sum). A provisioned table bills
 * its capacity by the hour instead; it is the one that publishes `ProvisionedReadCapacityUnits`, so
 * a table listed there is left out.
 */
const dynamodb: MeteredServiceDefinition = {
  service: 'dynamodb',
  charges: ['dynamodb-read-request-units', 'dynamodb-write-request-units'],
  presence: {
    namespace: 'AWS/DynamoDB',
    metricName: 'ConsumedReadCapacityUnits',
    dimensionName: 'TableName',
  },
  permissions: ['cloudwatch:ListMetrics'],
  async queries({ cloudWatch }) {
    const [consumed, provisioned] = await Promise.all([
      listDimensionValues(cloudWatch, this.presence),
      listDimensionValues(cloudWatch, { ...this.presence, metricName: 'ProvisionedReadCapacityUnits' }),
    ]);
    const onDemand = consumed.filter((table) => !provisioned.includes(table));
    return onDemand.flatMap((resourceId) =>
      [
        { charge: 'dynamodb-read-request-units' as const, metricName: 'ConsumedReadCapacityUnits' },
        { charge: 'dynamodb-write-request-units' as const, metricName: 'ConsumedWriteCapacityUnits' },
      ].map((metric) => ({
        ...metric,
        resourceId,
        namespace: 'AWS/DynamoDB',
        dimensionName: 'TableName',
        factor: 1,
      })),
    );
  },
};

/** Bedrock bills input and output tokens per model: `InputTokenCount` and `OutputTokenCount` (Sum) by ModelId. */
const bedrock: MeteredServiceDefinition = {
  service: 'bedrock',
  charges: ['bedrock-input-tokens', 'bedrock-output-tokens'],
  presence: { namespace: 'AWS/Bedrock', metricName: 'InputTokenCount', dimensionName: 'ModelId' },
  permissions: ['cloudwatch:ListMetrics'],
  async queries({ cloudWatch }) {
    const models = await listDimensionValues(cloudWatch, this.presence);
    return models.flatMap((resourceId) =>
      [
        { charge: 'bedrock-input-tokens' as const, metricName: 'InputTokenCount' },
        { charge: 'bedrock-output-tokens' as const, metricName: 'OutputTokenCount' },
      ].map((metric) => ({
        ...metric,
        resourceId,
        namespace: 'AWS/Bedrock',
        dimensionName: 'ModelId',
        factor: 1,
      })),
    );
  },
};

/**
 * EC2 `NetworkOut` (Sum, bytes) per instance, priced as internet egress: an ESTIMATE, since it
 * counts traffic to other instances, AWS services and regions too (USAGE_PRICE_TABLES says so).
 */
const ec2Egress: MeteredServiceDefinition = {
  service: 'ec2-egress',
  charges: ['ec2-internet-egress-estimate'],
  presence: { namespace: 'AWS/EC2', metricName: 'NetworkOut', dimensionName: 'InstanceId' },
  permissions: ['cloudwatch:ListMetrics'],
  async queries({ cloudWatch }) {
    const instances = await listDimensionValues(cloudWatch, this.presence);
    return instances.map((resourceId) => ({
      charge: 'ec2-internet-egress-estimate' as const,
      resourceId,
      namespace: 'AWS/EC2',
      metricName: 'NetworkOut',
      dimensionName: 'InstanceId',
      factor: GB,
    }));
  },
};

export const METERED_SERVICE_DEFINITIONS: readonly MeteredServiceDefinition[] = [
  natGateway,
  lambda,
  logs,
  dynamodb,
  bedrock,
  ec2Egress,
];

/** The service a charge belongs to. */
export const serviceOfCharge = (charge: MeteredCharge): MeteredService => USAGE_PRICE_TABLES[charge].service;
