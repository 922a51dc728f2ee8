import { ids, numbered, type ResourceFamily } from './resource-family.ts';
import { hexFor } from './seeded-random.ts';

/** Networking, edge, serverless and container spend (EC2 instances and volumes come from the fleet). */
// biome-ignore format: one usage line per row reads as a price list
export const PLATFORM_FAMILIES: ResourceFamily[] = [
  {
    productCode: 'AmazonEC2',
    productName: 'Amazon Elastic Compute Cloud',
    account: 'prod',
    region: 'us-east-1',
    names: ['prod-nat-a', 'prod-nat-b'],
    resourceId: (name, accountId, region) =>
      `arn:aws:ec2:${region}:${accountId}:natgateway/nat-0${hexFor(`nat:${name}`, 16)}`,
    usage: [
      { usageType: 'NatGateway-Hours', operation: 'NatGateway', usdPerUnit: 0.045, unitsPerDay: 24, scaling: 'fixed' },
      { usageType: 'NatGateway-Bytes', operation: 'NatGateway', usdPerUnit: 0.045, unitsPerDay: 620, scaling: 'traffic' },
    ],
    team: 'platform',
    project: 'shared-network',
  },
  {
    productCode: 'AmazonEC2',
    productName: 'Amazon Elastic Compute Cloud',
    account: 'data',
    region: 'us-west-2',
    names: ['data-nat-a'],
    resourceId: (name, accountId, region) =>
      `arn:aws:ec2:${region}:${accountId}:natgateway/nat-0${hexFor(`nat:${name}`, 16)}`,
    usage: [
      { usageType: 'NatGateway-Hours', operation: 'NatGateway', usdPerUnit: 0.045, unitsPerDay: 24, scaling: 'fixed' },
      { usageType: 'NatGateway-Bytes', operation: 'NatGateway', usdPerUnit: 0.045, unitsPerDay: 300, scaling: 'traffic' },
    ],
    team: 'data',
    project: 'analytics',
  },
  {
    productCode: 'AmazonVPC',
    productName: 'Amazon Virtual Private Cloud',
    account: 'prod',
    region: 'us-east-1',
    names: ['public-ipv4'],
    usage: [
      { usageType: 'PublicIPv4:InUseAddress', operation: 'AssociateAddressVPC', usdPerUnit: 0.005, unitsPerDay: 24 * 14, scaling: 'fixed' },
      { usageType: 'VpcEndpoint-Hours', operation: 'VpcEndpoint', usdPerUnit: 0.01, unitsPerDay: 24 * 6, scaling: 'fixed' },
    ],
  },
  {
    productCode: 'AWSDataTransfer',
    productName: 'AWS Data Transfer',
    account: 'prod',
    region: 'us-east-1',
    names: ['transfer'],
    usage: [
      { usageType: 'DataTransfer-Out-Bytes', operation: 'RunInstances', usdPerUnit: 0.09, unitsPerDay: 150, scaling: 'traffic' },
      { usageType: 'DataTransfer-Regional-Bytes', operation: 'InterZone-Out', usdPerUnit: 0.01, unitsPerDay: 900, scaling: 'traffic' },
    ],
  },
  {
    productCode: 'AWSDataTransfer',
    productName: 'AWS Data Transfer',
    account: 'data',
    region: 'us-west-2',
    names: ['transfer'],
    usage: [
      { usageType: 'DataTransfer-Regional-Bytes', operation: 'InterZone-Out', usdPerUnit: 0.01, unitsPerDay: 900, scaling: 'traffic' },
    ],
  },
  {
    productCode: 'AmazonCloudFront',
    productName: 'Amazon CloudFront',
    global: true,
    account: 'prod',
    region: 'us-east-1',
    names: ['storefront-cdn', 'assets-cdn', 'api-edge', 'docs-cdn'],
    resourceId: (name, accountId) => `arn:aws:cloudfront::${accountId}:distribution/E${hexFor(name, 13).toUpperCase()}`,
    usage: [
      { usageType: 'US-DataTransfer-Out-Bytes', operation: 'WebDistribution', usdPerUnit: 0.085, unitsPerDay: 150, scaling: 'traffic' },
      { usageType: 'US-Requests-Tier1', operation: 'WebDistribution', usdPerUnit: 0.0000075, unitsPerDay: 500_000, scaling: 'traffic' },
    ],
    team: 'web',
    project: 'storefront',
  },
  {
    productCode: 'AWSELB',
    productName: 'Elastic Load Balancing',
    account: 'prod',
    region: 'us-east-1',
    names: numbered('alb-prod', 6),
    resourceId: (name, accountId, region) =>
      `arn:aws:elasticloadbalancing:${region}:${accountId}:loadbalancer/app/${name}/${hexFor(name, 16)}`,
    usage: [
      { usageType: 'LoadBalancerUsage', operation: 'LoadBalancing:Application', usdPerUnit: 0.0225, unitsPerDay: 24, scaling: 'fixed' },
      { usageType: 'LCUUsage', operation: 'LoadBalancing:Application', usdPerUnit: 0.008, unitsPerDay: 110, scaling: 'traffic' },
    ],
    team: 'platform',
    project: 'shared-network',
  },
  {
    productCode: 'AWSLambda',
    productName: 'AWS Lambda',
    account: 'prod',
    region: 'us-east-1',
    names: numbered('checkout-fn', 24),
    resourceId: ids.arn('lambda', 'function', ':'),
    usage: [
      { usageType: 'Lambda-GB-Second', operation: 'Invoke', usdPerUnit: 0.0000166667, unitsPerDay: 32_000, scaling: 'traffic' },
      { usageType: 'Request', operation: 'Invoke', usdPerUnit: 0.0000002, unitsPerDay: 220_000, scaling: 'traffic' },
    ],
    team: 'payments',
    project: 'checkout',
  },
  {
    productCode: 'AWSLambda',
    productName: 'AWS Lambda',
    account: 'data',
    region: 'us-west-2',
    names: numbered('ingest-fn', 20),
    resourceId: ids.arn('lambda', 'function', ':'),
    usage: [
      { usageType: 'Lambda-GB-Second', operation: 'Invoke', usdPerUnit: 0.0000166667, unitsPerDay: 28_000, scaling: 'traffic' },
      { usageType: 'Request', operation: 'Invoke', usdPerUnit: 0.0000002, unitsPerDay: 150_000, scaling: 'traffic' },
    ],
    team: 'data',
    project: 'analytics',
    untaggedEvery: 8,
  },
  {
    productCode: 'AWSLambda',
    productName: 'AWS Lambda',
    account: 'staging',
    region: 'us-east-1',
    names: numbered('staging-fn', 16),
    resourceId: ids.arn('lambda', 'function', ':'),
    usage: [
      { usageType: 'Lambda-GB-Second', operation: 'Invoke', usdPerUnit: 0.0000166667, unitsPerDay: 4_000, scaling: 'traffic' },
      { usageType: 'Request', operation: 'Invoke', usdPerUnit: 0.0000002, unitsPerDay: 30_000, scaling: 'traffic' },
    ],
    team: 'payments',
    project: 'checkout',
    untaggedEvery: 3,
  },
  {
    productCode: 'AmazonApiGateway',
    productName: 'Amazon API Gateway',
    account: 'prod',
    region: 'us-east-1',
    names: ['public-api', 'partner-api', 'webhooks-api', 'mobile-api', 'admin-api', 'search-api'],
    resourceId: (name, _accountId, region) => `arn:aws:apigateway:${region}::/restapis/${hexFor(name, 10)}`,
    usage: [
      { usageType: 'ApiGatewayRequest', operation: 'ApiGatewayRequest', usdPerUnit: 0.0000035, unitsPerDay: 1_000_000, scaling: 'traffic' },
    ],
    team: 'payments',
    project: 'checkout',
  },
  {
    productCode: 'AmazonEKS',
    productName: 'Amazon Elastic Container Service for Kubernetes',
    account: 'prod',
    region: 'us-east-1',
    names: ['prod-cluster', 'tools-cluster'],
    resourceId: ids.arn('eks', 'cluster'),
    usage: [
      { usageType: 'AmazonEKS-Hours:perCluster', operation: 'CreateOperation', usdPerUnit: 0.1, unitsPerDay: 24, scaling: 'fixed' },
    ],
    team: 'platform',
    project: 'shared-compute',
  },
  {
    productCode: 'AmazonECS',
    productName: 'Amazon Elastic Container Service',
    account: 'prod',
    region: 'us-east-1',
    names: numbered('fargate-svc', 10),
    resourceId: (name, accountId, region) => `arn:aws:ecs:${region}:${accountId}:service/prod/${name}`,
    usage: [
      { usageType: 'Fargate-vCPU-Hours:perCPU', operation: 'FargateTask', usdPerUnit: 0.04048, unitsPerDay: 48, scaling: 'fixed' },
      { usageType: 'Fargate-GB-Hours', operation: 'FargateTask', usdPerUnit: 0.004445, unitsPerDay: 96, scaling: 'fixed' },
    ],
    team: 'growth',
    project: 'recommendations',
  },
];
