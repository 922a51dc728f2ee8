import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { CallLog, Faults } from './call-log.ts';
import { wallClock } from './clock.ts';
import { commitmentInventory } from './company/commitment-inventory.ts';
import { type CompanyFacts, companyFacts } from './company/company-facts.ts';
import { buildCompanyModel } from './company/company-model.ts';
import { ALL_ACCOUNTS, LAUNCH_EVENTS } from './company/company-profile.ts';
import { ServiceEnrollment } from './company/compute-optimizer-findings.ts';
import { FleetActivity, type FleetChangeResult, type GpuBurstRequest } from './company/fleet-activity.ts';
import { BYTES_PER_BILLED_GB, type NatLeak, natGateways } from './company/nat-gateway-traffic.ts';
import {
  buildCompanyServices,
  type CompanyServices,
  type SimNatGateway,
} from './company/network-services.ts';
import type { ResourceChange } from './company/resource-change-envelopes.ts';
import { buildScalableResources, type SimAutoScalingGroup } from './company/scalable-resources.ts';
import { taggedResources } from './company/tagged-resources.ts';
import { lambdaFunctions, type UsageSurge, usageMetricSeries } from './company/usage-metrics.ts';
import type { CompanyWaste } from './company/waste.ts';
import { CurExport } from './cur/cur-export.ts';
import { createSimulatorServer } from './http-server.ts';
import {
  ACTION_ROLE_NAME,
  ACTION_ROLE_PERMISSIONS,
  type Credentials,
  IdentityStore,
  LAUNCH_EVENT_PERMISSIONS,
  READ_ONLY_PERMISSIONS,
  STATIC_CREDENTIALS,
  TEMPLATE_ROLE_PERMISSIONS,
} from './protocol/identity.ts';
import type { SimServiceName } from './protocol/service-handler.ts';
import { autoScalingService } from './services/auto-scaling.ts';
import { cloudWatchService } from './services/cloudwatch.ts';
import { deletedKey } from './services/cloudwatch-usage-metrics.ts';
import { computeOptimizerService } from './services/compute-optimizer.ts';
import { costExplorerService } from './services/cost-explorer.ts';
import { costOptimizationHubService } from './services/cost-optimization-hub.ts';
import { ec2Service } from './services/ec2.ts';
import { instanceTags } from './services/ec2-instances-xml.ts';
import { elbv2Service } from './services/elbv2.ts';
import { lambdaService } from './services/lambda.ts';
import { pricingService } from './services/pricing.ts';
import { rdsService } from './services/rds.ts';
import { resourceTaggingService } from './services/resource-tagging.ts';
import { s3Service } from './services/s3.ts';
import { SimulatedBuckets } from './services/s3-buckets.ts';
import { savingsPlansService } from './services/savings-plans.ts';
import { sqsService } from './services/sqs.ts';
import { DEFAULT_QUEUE_SETTINGS, QueueStore } from './services/sqs-queues.ts';
import { stsService } from './services/sts.ts';

export type { CompanyFacts, PlantedInstanceFact } from './company/company-facts.ts';
export type { SimDatabase } from './company/databases.ts';
export type { FleetChangeResult, GpuBurstRequest } from './company/fleet-activity.ts';
export type { EventBridgeEnvelope } from './company/launch-event-envelopes.ts';
export type { SimLoadBalancer } from './company/load-balancers.ts';
export type { CompanyServices, SimNatGateway } from './company/network-services.ts';
export type { ResourceChange } from './company/resource-change-envelopes.ts';
export type { SimAutoScalingGroup } from './company/scalable-resources.ts';
export type {
  CompanyWaste,
  SimAddress,
  SimNetworkInterface,
  SimSnapshot,
  SimVolume,
} from './company/waste.ts';
export type { Credentials } from './protocol/identity.ts';
export type { SimServiceName } from './protocol/service-handler.ts';
export { PROTECT_TAG } from './services/ec2-instance-actions.ts';
export {
  ACTION_ROLE_NAME,
  ACTION_ROLE_PERMISSIONS,
  LAUNCH_EVENT_PERMISSIONS,
  READ_ONLY_PERMISSIONS,
  TEMPLATE_ROLE_PERMISSIONS,
};

export interface AwsSimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** The clock: line items exist up to now, and the planted events sit a few days before the start. */
  now?: () => Date;
  /** Where generated Parquet files are cached across restarts; a temporary folder when absent. */
  dataDir?: string;
  /**
   * The folder is shared with simulators in other processes (the tests' cache, test files running side by
   * side): a month's file superseded here may still be read there, so none is removed but by age.
   */
  sharedDataDir?: boolean;
}

/** Who makes a simulated API call: an IAM user of a company account, in a region (default us-east-1). */
export interface SimulatedCaller {
  accountId: string;
  region?: 'us-east-1' | 'us-west-2' | 'eu-west-1';
  userName?: string;
}

export interface StopInstancesRequest extends SimulatedCaller {
  instanceIds: string[];
  terminate?: boolean;
}

export interface AwsSimulator {
  /** Give this to every SDK client as `endpoint` (S3 also needs `forcePathStyle: true`). */
  endpoint: string;
  region: string;
  /** The server's own static keys ("local credentials" mode), an IAM user of the management account. */
  credentials: Credentials;
  company: CompanyFacts;
  /**
   * The company's volumes, snapshots and Elastic IPs, live: a test may add unbilled ones
   * (`generatedWaste`), delete one (set `deletedAt`) or rename one, and the describe calls answer so.
   */
  waste: CompanyWaste;
  /**
   * The company's Auto Scaling groups, live: UpdateAutoScalingGroup changes them, and a test may tag
   * one (`spendguard:protect`) or add one.
   */
  autoScalingGroups: SimAutoScalingGroup[];
  /**
   * The company's NAT gateways, load balancers and databases, live: a test may add generated ones
   * (`generatedServices`) or stop a database, and the describe calls and CloudWatch answer so.
   */
  services: CompanyServices;
  /**
   * Adds an assumable role; `permissions` are IAM actions with `*` wildcards (default: what the
   * template's role may do, read-only plus receiving from its launch-events queue).
   */
  registerRole(roleArn: string, externalId: string, options?: { permissions?: string[] }): void;
  /** Adds an ExternalId to a registered role's trust policy (a customer trusting what Spendguard issued). */
  trustExternalId(roleArn: string, externalId: string): void;
  putObject(bucket: string, key: string, bytes: Uint8Array | string, contentType?: string): void;
  deleteObject(bucket: string, key: string): void;
  faults: Faults;
  /**
   * Launches `count` (default 8) `instanceType` (default p4d.24xlarge) instances as the IAM user
   * `userName` in the account and region: EC2 DescribeInstances shows them at once, and the
   * account's launch-events queue in that region (us-east-1 only) receives the pending and running
   * state changes and the CloudTrail RunInstances event.
   */
  launchGpuBurst(request: GpuBurstRequest): FleetChangeResult;
  /** Stops (or terminates) instances a burst launched, with their state changes and CloudTrail call. */
  stopInstances(request: StopInstancesRequest): FleetChangeResult;
  /**
   * Tags an instance as CreateTags would, without its checks (a test's `spendguard:protect=true`), or
   * holds it in a state between two others ('pending', 'stopping'; undefined lets go), where EC2
   * answers IncorrectInstanceState to a stop or a start.
   */
  tagInstance(instanceId: string, key: string, value: string): void;
  holdInstanceState(instanceId: string, state: 'pending' | 'stopping' | undefined): void;
  /** The CloudTrail event of another fleet change: a resize, NAT gateway, database or Auto Scaling group. */
  changeResource(caller: SimulatedCaller, change: ResourceChange): FleetChangeResult;
  /** The company's NAT gateways (CloudWatch AWS/NATGateway publishes their bytes every minute). */
  natGateways(): Array<{ natGatewayId: string; name: string; accountId: string; region: string }>;
  /**
   * From now on the NAT gateway processes `gbPerHour` more (the demo's egress leak): CloudWatch shows
   * it minute by minute; the bill, which lags, does not have those hours yet.
   */
  startNatLeak(leak: { natGatewayId: string; gbPerHour: number }): void;
  /** The company's Lambda functions (ListFunctions; AWS/Lambda publishes their use every minute). */
  lambdaFunctions(): Array<{ functionName: string; accountId: string; region: string; memorySizeMb: number }>;
  /** The company's log groups (AWS/Logs IncomingBytes every minute). */
  logGroups(): Array<{ logGroupName: string; accountId: string; region: string }>;
  /**
   * The demo's Lambda loop: from the next minute the function is invoked `invocationsPerMinute` more
   * times, each running `durationMs` (AWS/Lambda Invocations and Duration). Not in the bill.
   */
  startLambdaLoop(loop: {
    accountId: string;
    functionName: string;
    invocationsPerMinute: number;
    durationMs: number;
  }): void;
  /** The demo's logging flood: the log group ingests `gbPerHour` more (AWS/Logs IncomingBytes). Not in the bill. */
  startLoggingFlood(flood: { accountId: string; logGroupName: string; gbPerHour: number }): void;
  /**
   * The demo's token spike: the model is called for `inputTokensPerMinute`/`outputTokensPerMinute`
   * more tokens in the account and region (AWS/Bedrock InputTokenCount and OutputTokenCount, ModelId).
   */
  startTokenSpike(spike: {
    accountId: string;
    region: string;
    modelId: string;
    inputTokensPerMinute: number;
    outputTokensPerMinute: number;
  }): void;
  /** Deletes a Lambda function: ListFunctions no longer lists it and its metrics stop from now. */
  deleteLambdaFunction(accountId: string, functionName: string): void;
  /**
   * The next GetMetricData answer carries `future` datapoints dated a day after the asked window and
   * `past` ones 30 days before it (a publisher with a wrong clock) in its first result.
   */
  strayMetricDatapoints(stray: { future?: number; past?: number }): void;
  /** Turns the account's management-events trail off (no CloudTrail events) or on (the default). */
  setCloudTrail(accountId: string, enabled: boolean): void;
  /** Opts the account in to Compute Optimizer or out (acme-prod and acme-data are in, acme-staging is not). */
  setComputeOptimizer(accountId: string, enrolled: boolean): void;
  /** Enrolls the account in Cost Optimization Hub or not (acme-prod and acme-data are, acme-staging is not). */
  setCostOptimizationHub(accountId: string, enrolled: boolean): void;
  /** Successful calls answered (what AWS bills for Cost Explorer). */
  callCount(service: SimServiceName, operation: string): number;
  /** Every request received, throttled and refused ones included. */
  requestCount(service: SimServiceName, operation: string): number;
  close(): Promise<void>;
}

function apiCaller(caller: SimulatedCaller) {
  return {
    accountId: caller.accountId,
    region: caller.region ?? 'us-east-1',
    userName: caller.userName ?? 'maya.chen',
  };
}

function createLaunchEventQueues(queues: QueueStore, nowMs: number) {
  for (const account of ALL_ACCOUNTS) {
    for (const region of LAUNCH_EVENTS.regions) {
      const settings = { ...DEFAULT_QUEUE_SETTINGS, ...LAUNCH_EVENTS.queueAttributes };
      queues.create(region, account.id, LAUNCH_EVENTS.queueName, settings, nowMs);
    }
  }
}

export async function startAwsSimulator(options: AwsSimulatorOptions = {}): Promise<AwsSimulator> {
  const now = options.now ?? wallClock;
  const model = buildCompanyModel(now().getTime());
  const services = buildCompanyServices(model);
  const cacheDir = options.dataDir
    ? path.join(options.dataDir, 'aws-simulator')
    : await mkdtemp(path.join(tmpdir(), 'spendguard-aws-sim-'));
  const duckdb = await DuckDBInstance.create(':memory:');
  const curExport = new CurExport(model, duckdb, cacheDir, { removeSuperseded: !options.sharedDataDir });
  await curExport.pruneStaleFiles();
  const buckets = new SimulatedBuckets(curExport, now);
  const identities = new IdentityStore();
  const faults = new Faults();
  const calls = new CallLog();
  const queues = new QueueStore();
  createLaunchEventQueues(queues, now().getTime());
  const activity = new FleetActivity(queues, now);
  const scalable = buildScalableResources(model.fleet);
  const natLeaks: NatLeak[] = [];
  const surges: UsageSurge[] = [];
  const deletedAtMs = new Map<string, number>();
  const stray = { future: 0, past: 0 };
  const series = usageMetricSeries(model);
  const functions = lambdaFunctions(model);
  const liveFunctions = () =>
    functions.filter((fn) => !deletedAtMs.has(deletedKey('AWS/Lambda', fn.functionName, fn.accountId)));
  const surge = (start: Omit<UsageSurge, 'startMs'>) => surges.push({ ...start, startMs: now().getTime() });
  const findInstance = (instanceId: string) => {
    const instance = [...model.fleet, ...activity.launched].find((one) => one.instanceId === instanceId);
    if (!instance) throw new Error(`The simulated company has no instance ${instanceId}.`);
    return instance;
  };
  const inventory = commitmentInventory(model.anchorDay);
  const optimizerEnrollment = new ServiceEnrollment();
  const hubEnrollment = new ServiceEnrollment();
  const recommendationSources = () => ({
    fleet: model.fleet,
    volumes: model.waste.volumes,
    databases: services.databases,
    natGateways: services.natGateways,
    natGatewayGbPerDay: (gateway: SimNatGateway) =>
      gateway.gbPerDay ?? natBilledGbPerDay.get(gateway.natGatewayId) ?? 0,
  });
  const natBilledGbPerDay = new Map(
    natGateways(model).map((gateway) => [gateway.natGatewayId, gateway.bytesLine.unitsPerDay]),
  );
  const handlers = [
    costExplorerService(curExport, duckdb, model.anchorDay),
    cloudWatchService({
      model,
      leaks: natLeaks,
      series,
      surges,
      deletedAtMs,
      stray,
      services,
    }),
    elbv2Service(() => services.loadBalancers),
    rdsService(() => services.databases, inventory.reservations),
    savingsPlansService(inventory),
    computeOptimizerService({
      fleet: () => model.fleet,
      volumes: () => model.waste.volumes,
      databases: () => services.databases,
      natGateways: () => services.natGateways,
      natGatewayGbPerDay: (gateway) => gateway.gbPerDay ?? natBilledGbPerDay.get(gateway.natGatewayId) ?? 0,
      enrollment: optimizerEnrollment,
    }),
    costOptimizationHubService({ recommendationSources, enrollment: hubEnrollment }),
    lambdaService(liveFunctions),
    resourceTaggingService(() =>
      taggedResources({
        model,
        natGateways: () => services.natGateways,
        instances: () =>
          [...model.fleet, ...activity.launched].map((instance) => ({
            ...instance,
            tags: instanceTags(instance),
          })),
        isDeleted: (arn) => {
          const fn = functions.find((candidate) => candidate.functionArn === arn);
          return fn !== undefined && !liveFunctions().includes(fn);
        },
      }),
    ),
    stsService(identities),
    ec2Service(
      model,
      () => activity.launched,
      { changeState: (caller, instances, to) => activity.changeStateByApi(caller, instances, to) },
      () => services.natGateways,
      inventory.reservations,
    ),
    pricingService(),
    autoScalingService(() => scalable.autoScalingGroups, {
      capacityChanged: (caller, group) =>
        activity.scaleGroup(
          caller,
          group,
          [...model.fleet, ...activity.launched].filter(
            (instance) =>
              instance.autoScalingGroup === group.name &&
              instance.accountId === group.accountId &&
              instance.region === group.region,
          ),
        ),
    }),
    sqsService(queues, now),
    s3Service(buckets),
  ];
  const server = createSimulatorServer({ handlers, identities, faults, calls, now });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://${host}:${port}`,
    region: 'us-east-1',
    credentials: { ...STATIC_CREDENTIALS },
    company: companyFacts(model),
    waste: model.waste,
    autoScalingGroups: scalable.autoScalingGroups,
    services,
    registerRole: (roleArn, externalId, roleOptions) =>
      identities.registerRole(roleArn, externalId, roleOptions?.permissions),
    trustExternalId: (roleArn, externalId) => identities.trustExternalId(roleArn, externalId),
    putObject: (bucket, key, bytes, contentType) => buckets.putObject(bucket, key, bytes, contentType),
    deleteObject: (bucket, key) => buckets.deleteObject(bucket, key),
    faults,
    launchGpuBurst: (request) => activity.launchGpuBurst(request),
    stopInstances: ({ instanceIds, terminate, ...caller }) =>
      activity.endInstances(apiCaller(caller), instanceIds, terminate ? 'terminate' : 'stop'),
    changeResource: (caller, change) => activity.changeResource(apiCaller(caller), change),
    tagInstance: (instanceId, key, value) => {
      const instance = findInstance(instanceId);
      instance.extraTags = { ...instance.extraTags, [key]: value };
    },
    holdInstanceState: (instanceId, state) => {
      findInstance(instanceId).transitionalState = state;
    },
    natGateways: () =>
      natGateways(model).map(({ natGatewayId, name, accountId, region }) => ({
        natGatewayId,
        name,
        accountId,
        region,
      })),
    startNatLeak: (leak) => {
      natLeaks.push({ ...leak, startMs: now().getTime() });
    },
    lambdaFunctions: () =>
      liveFunctions().map(({ functionName, accountId, region, memorySizeMb }) => ({
        functionName,
        accountId,
        region,
        memorySizeMb,
      })),
    logGroups: () =>
      series
        .filter((entry) => entry.namespace === 'AWS/Logs')
        .map(({ dimensionValue, accountId, region }) => ({
          logGroupName: dimensionValue,
          accountId,
          region,
        })),
    startLambdaLoop: ({ accountId, functionName, invocationsPerMinute, durationMs }) => {
      const fn = functions.find(
        (entry) => entry.accountId === accountId && entry.functionName === functionName,
      );
      if (!fn) throw new Error(`No function ${functionName} in ${accountId}`);
      const base = {
        namespace: 'AWS/Lambda',
        dimensionName: 'FunctionName',
        dimensionValue: functionName,
        accountId,
        region: fn.region,
      };
      surge({ ...base, metricName: 'Invocations', perMinute: invocationsPerMinute });
      surge({ ...base, metricName: 'Duration', perMinute: invocationsPerMinute * durationMs });
    },
    startLoggingFlood: ({ accountId, logGroupName, gbPerHour }) => {
      const group = series.find(
        (entry) =>
          entry.namespace === 'AWS/Logs' &&
          entry.accountId === accountId &&
          entry.dimensionValue === logGroupName,
      );
      if (!group) throw new Error(`No log group ${logGroupName} in ${accountId}`);
      surge({
        namespace: 'AWS/Logs',
        metricName: 'IncomingBytes',
        dimensionName: 'LogGroupName',
        dimensionValue: logGroupName,
        accountId,
        region: group.region,
        perMinute: (gbPerHour * BYTES_PER_BILLED_GB) / 60,
      });
    },
    startTokenSpike: ({ accountId, region, modelId, inputTokensPerMinute, outputTokensPerMinute }) => {
      const base = {
        namespace: 'AWS/Bedrock',
        dimensionName: 'ModelId',
        dimensionValue: modelId,
        accountId,
        region,
      };
      surge({ ...base, metricName: 'InputTokenCount', perMinute: inputTokensPerMinute });
      surge({ ...base, metricName: 'OutputTokenCount', perMinute: outputTokensPerMinute });
    },
    deleteLambdaFunction: (accountId, functionName) => {
      deletedAtMs.set(deletedKey('AWS/Lambda', functionName, accountId), now().getTime());
    },
    strayMetricDatapoints: ({ future = 0, past = 0 }) => {
      stray.future += future;
      stray.past += past;
    },
    setCloudTrail: (accountId, enabled) => activity.setTrail(accountId, enabled),
    setComputeOptimizer: (accountId, enrolled) => optimizerEnrollment.set(accountId, enrolled),
    setCostOptimizationHub: (accountId, enrolled) => hubEnrollment.set(accountId, enrolled),
    callCount: (service, operation) => calls.successCount(service, operation),
    requestCount: (service, operation) => calls.requestCount(service, operation),
    async close() {
      queues.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      duckdb.closeSync();
      if (!options.dataDir) await rm(cacheDir, { recursive: true, force: true });
    },
  };
}
