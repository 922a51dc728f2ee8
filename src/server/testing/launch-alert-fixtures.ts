import { expect } from 'vitest';
import { ACTION_ROLE_NAME, type AwsSimulator } from '../../aws-sim/index.ts';
import { startTestSimulator, type TestClock, testClock } from '../../aws-sim/testing/test-simulator.ts';
import { simulatorAccess } from '../aws-simulator-access.ts';
import { connectSimulatedAccount } from './launch-event-fixtures.ts';
import { type MailCatcher, startMailCatcher } from './mail-catcher.ts';
import { callAs, type Person, signUpVerified } from './organization-fixtures.ts';
import { connectSlackApp } from './slack-app-fixtures.ts';
import { type SlackReceiver, startSlackReceiver } from './slack-receiver.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { fixedClock } from './test-clock.ts';

/** Where a launch alert lands: a server with a queue, the simulated company, a mail catcher and a Slack webhook. */
export interface LaunchAlertWorld {
  simulator: AwsSimulator;
  server: TestApp;
  catcher: MailCatcher;
  slack: SlackReceiver;
  owner: Person;
  integrationId: string;
  accountId: string;
  /** The owner adds the opt-in action role to the integration (decision 102). */
  enableActions(): Promise<void>;
  close(): Promise<void>;
}

/**
 * An owner on a trial, the simulated account connected through its read-only role, and Slack connected
 * by webhook to #launches. `today` fixes the server's and the simulator's day, `clock` gives both one clock
 * the test moves; by default both read the system's clock, the simulator from the moment it starts.
 */
export async function startLaunchAlertWorld(options: {
  ownerEmail: string;
  integrationName: string;
  today?: Date;
  /** One clock the test moves, for the server and the simulator alike. */
  clock?: TestClock;
  /** Slack connected by its app (OAuth) with this signing secret, instead of a webhook (decision 132). */
  slackAppSigningSecret?: string;
  /** More of the server's environment (a Teams endpoint on loopback needs WEBHOOK_ALLOW_PRIVATE). */
  env?: Record<string, string>;
}): Promise<LaunchAlertWorld> {
  const catcher = await startMailCatcher();
  const slack = await startSlackReceiver();
  const { simulator } = await startTestSimulator({
    clock: options.clock ?? testClock(options.today ?? new Date()),
  });
  const serverClock = options.clock ?? (options.today ? fixedClock(options.today.toISOString()) : undefined);
  const server = await createTestApp({
    ...(serverClock ? { clock: serverClock } : {}),
    queue: true,
    aws: { ...simulatorAccess(simulator), demo: undefined },
    env: {
      SMTP_URL: catcher.url,
      SLACK_WEBHOOK_HOSTS: `127.0.0.1:${slack.port}`,
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      ...options.env,
      ...(options.slackAppSigningSecret
        ? {
            SLACK_CLIENT_ID: 'client-1',
            SLACK_CLIENT_SECRET: 'client-secret-1',
            SLACK_API_URL: slack.apiUrl,
            SLACK_SIGNING_SECRET: options.slackAppSigningSecret,
          }
        : {}),
    },
  });
  const owner = await signUpVerified(server, options.ownerEmail, 'Olivia Owner');
  const as = callAs(server, owner);
  expect((await as('POST', '/api/billing/trial')).statusCode).toBeLessThan(300);
  const { integrationId, accountId } = await connectSimulatedAccount(server, owner, simulator, {
    name: options.integrationName,
  });
  if (options.slackAppSigningSecret) {
    await connectSlackApp(as);
  } else {
    const slackSet = await as('PUT', '/api/slack', { webhook_url: slack.webhookUrl, channel: '#launches' });
    expect(slackSet.statusCode, slackSet.body).toBe(200);
  }
  return {
    simulator,
    server,
    catcher,
    slack,
    owner,
    integrationId,
    accountId,
    async enableActions() {
      const role = await as('PUT', `/api/integrations/${integrationId}/action-role`, {
        role_arn: `arn:aws:iam::${accountId}:role/${ACTION_ROLE_NAME}`,
      });
      expect(role.statusCode, role.body).toBe(200);
    },
    async close() {
      await server.close();
      await simulator.close();
      await catcher.close();
      await slack.close();
    },
  };
}
