import { ACTION_ROLE_NAME, type AwsSimulator, startAwsSimulator } from '../aws-sim/index.ts';
import type { AwsAccess } from './aws-access.ts';
import type { Config } from './config.ts';
import { ownAccountId } from './modules/integrations/aws/aws-session.ts';

/** What the server uses to reach a running simulator, the demo account included. */
export function simulatorAccess(simulator: AwsSimulator): AwsAccess {
  const { company } = simulator;
  return {
    endpoint: simulator.endpoint,
    region: simulator.region,
    credentials: simulator.credentials,
    // The simulated payer is fictional and may be somebody's real account: never a trusted principal.
    demo: {
      roleArn: company.demoRoleArn,
      actionRoleArn: company.demoRoleArn.replace(/role\/.*$/, `role/${ACTION_ROLE_NAME}`),
      externalId: company.demoExternalId,
      bucket: company.bucket,
      prefix: `${company.prefix}/${company.exportName}`,
      region: company.region,
    },
    simulator: {
      accountIds: company.accounts.map((account) => account.id),
      launchGpuBurst: (request) => simulator.launchGpuBurst(request),
      natGateways: () => simulator.natGateways(),
      startNatLeak: (leak) => simulator.startNatLeak(leak),
      lambdaFunctions: () => simulator.lambdaFunctions(),
      logGroups: () => simulator.logGroups(),
      startLambdaLoop: (loop) => simulator.startLambdaLoop(loop),
      startLoggingFlood: (flood) => simulator.startLoggingFlood(flood),
      startTokenSpike: (spike) => simulator.startTokenSpike(spike),
    },
  };
}

/**
 * `npm start` with no AWS configuration runs the simulator in-process (AWS_SIMULATOR=on|off forces
 * it either way); otherwise the SDK's default credential chain reaches real AWS.
 */
export async function openAwsAccess(
  config: Config,
): Promise<{ access: AwsAccess; close: () => Promise<void> }> {
  const useSimulator = config.awsSimulator ?? !config.aws.configured;
  if (useSimulator) {
    const simulator = await startAwsSimulator({ dataDir: config.dataDir });
    return {
      access: { ...simulatorAccess(simulator), localCredentials: config.aws.localCredentials },
      close: () => simulator.close(),
    };
  }
  const access: AwsAccess = {
    endpoint: config.aws.endpoint,
    region: config.aws.region,
    localCredentials: config.aws.localCredentials,
  };
  access.spendguardAccountId =
    config.aws.spendguardAccountId ?? (config.aws.configured ? await ownAccountId(access) : undefined);
  return { access, close: async () => {} };
}
