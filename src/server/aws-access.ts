/** The server's own credentials, or a session of an assumed role. */
export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** The simulated company the built-in simulator serves ("Connect the demo AWS account"). */
export interface DemoAwsAccount {
  roleArn: string;
  /** The simulated company's opt-in action role (SpendguardActions, same ExternalId). */
  actionRoleArn: string;
  externalId: string;
  bucket: string;
  prefix: string;
  region: string;
}

/** What the demo may do to the simulated company: launch a GPU burst in one of its accounts. */
export interface SimulatedFleet {
  accountIds: readonly string[];
  launchGpuBurst(request: { accountId: string; count?: number; instanceType?: string }): {
    instanceIds: string[];
    delivered: boolean;
  };
  /** The company's NAT gateways, and the demo's egress leak through one of them (docs/decisions/091). */
  natGateways(): Array<{ natGatewayId: string; accountId: string; region: string }>;
  startNatLeak(leak: { natGatewayId: string; gbPerHour: number }): void;
  /** The demo's other usage scenarios (docs/decisions/094): a Lambda loop, a logging flood, a token spike. */
  lambdaFunctions(): Array<{ functionName: string; accountId: string; region: string; memorySizeMb: number }>;
  logGroups(): Array<{ logGroupName: string; accountId: string; region: string }>;
  startLambdaLoop(loop: {
    accountId: string;
    functionName: string;
    invocationsPerMinute: number;
    durationMs: number;
  }): void;
  startLoggingFlood(flood: { accountId: string; logGroupName: string; gbPerHour: number }): void;
  startTokenSpike(spike: {
    accountId: string;
    region: string;
    modelId: string;
    inputTokensPerMinute: number;
    outputTokensPerMinute: number;
  }): void;
}

/**
 * How the server reaches AWS: real AWS through the SDK's default credential chain, or the built-in
 * simulator (an endpoint and its static keys). Built once by server.ts; tests hand in their simulator.
 */
export interface AwsAccess {
  /** Every SDK client's endpoint; undefined for real AWS. */
  endpoint?: string;
  region: string;
  /** The server's own credentials; undefined lets the SDK find them (env, profile, instance role). */
  credentials?: AwsCredentials;
  /**
   * The account customer roles trust (the template's principal): the server's own. Undefined when it
   * has no AWS identity (the simulator runs, or nothing is configured): no real role may be offered.
   */
  spendguardAccountId?: string;
  /**
   * Organizations may use the server's own credentials (`aws-local-credentials`): only when the operator
   * turned AWS_LOCAL_CREDENTIALS on (docs/decisions/075). Off, such an integration reaches nothing.
   */
  localCredentials?: boolean;
  /** Present only when the simulator runs. */
  demo?: DemoAwsAccount;
  /** The in-process simulator's fleet, for the demo's GPU burst button; present only when it runs. */
  simulator?: SimulatedFleet;
  /** SDK attempts per call; 1 in tests that want to see the first throttling error. */
  maxAttempts?: number;
}
