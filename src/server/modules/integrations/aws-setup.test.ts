import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { startTestSimulator } from '../../../aws-sim/testing/test-simulator.ts';
import { openAwsAccess, simulatorAccess } from '../../aws-simulator-access.ts';
import { parseConfig } from '../../config.ts';
import { signUpVerifiedOwner, type TestPerson } from '../../testing/billing-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** Which account the CloudFormation role trusts: the server's own, and never a guess. */
let simulator: AwsSimulator;
beforeAll(async () => {
  ({ simulator } = await startTestSimulator());
}, 60_000);
afterAll(() => simulator?.close());

async function setupScreenOf(server: TestApp, owner: TestPerson) {
  const kit = await server.app.inject({ url: '/api/integrations/setup-kit', headers: owner.headers });
  const publicTemplate = await server.app.inject({ url: '/api/integrations/cloudformation-template.yaml' });
  return { kit: kit.json(), publicTemplate };
}

/** The AWS access `npm start` builds from this environment, simulator or real (here: the simulator's endpoint). */
async function accessFor(env: Record<string, string>) {
  const opened = await openAwsAccess(parseConfig({ AWS_SIMULATOR: 'off', ...env }));
  return opened.access;
}

describe('a default install (the built-in simulator, no AWS account of its own)', () => {
  let server: TestApp;
  let owner: TestPerson;
  beforeAll(async () => {
    server = await createTestApp({ aws: simulatorAccess(simulator) });
    owner = await signUpVerifiedOwner(server, 'owner@example.com');
  });
  afterAll(() => server?.close());

  it('offers no template and no console link, only the demo', async () => {
    const { kit, publicTemplate } = await setupScreenOf(server, owner);
    expect(kit).toMatchObject({
      spendguard_account_id: null,
      template: null,
      template_url: null,
      quick_create_url: null,
      demo_available: true,
    });
    expect(JSON.stringify(kit)).not.toContain(simulator.company.managementAccountId);
    expect(publicTemplate.statusCode).toBe(409);
    expect(publicTemplate.json()).toEqual({
      Code: 'AwsAccountUnknown',
      Message: expect.stringContaining('This server is not set up for real AWS accounts'),
    });
  });
});

describe('a server told its account with SPENDGUARD_AWS_ACCOUNT_ID', () => {
  let server: TestApp;
  let owner: TestPerson;
  beforeAll(async () => {
    const aws = await accessFor({ SPENDGUARD_AWS_ACCOUNT_ID: '123456789012' });
    server = await createTestApp({ aws });
    owner = await signUpVerifiedOwner(server, 'owner@example.com');
  });
  afterAll(() => server?.close());

  it('hands out a role that trusts that account', async () => {
    const { kit, publicTemplate } = await setupScreenOf(server, owner);
    expect(kit.spendguard_account_id).toBe('123456789012');
    expect(kit.demo_available).toBe(false);
    expect(kit.quick_create_url).toContain('param_SpendguardAccountId=123456789012');
    expect(kit.template).toContain("Default: '123456789012'");
    expect(publicTemplate.statusCode).toBe(200);
    expect(publicTemplate.body).toContain("Default: '123456789012'");
  });
});

describe('a server with AWS credentials of its own', () => {
  const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
  afterAll(() => {
    // The SDK reads the keys from the environment, as it does in production.
    process.env.AWS_ACCESS_KEY_ID = saved.id;
    process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
    if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
    if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
  });

  it('trusts the account STS GetCallerIdentity names for those credentials', async () => {
    process.env.AWS_ACCESS_KEY_ID = simulator.credentials.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = simulator.credentials.secretAccessKey;
    const aws = await accessFor({
      AWS_ENDPOINT_URL: simulator.endpoint,
      AWS_ACCESS_KEY_ID: simulator.credentials.accessKeyId,
    });
    expect(aws.spendguardAccountId).toBe(simulator.company.managementAccountId);
    expect(simulator.callCount('sts', 'GetCallerIdentity')).toBeGreaterThan(0);
  });

  it('knows no account when the credentials are refused, and offers no template', async () => {
    process.env.AWS_ACCESS_KEY_ID = 'AKIAUNKNOWNKEY000000';
    process.env.AWS_SECRET_ACCESS_KEY = 'not-a-secret-the-simulator-issued';
    const aws = await accessFor({
      AWS_ENDPOINT_URL: simulator.endpoint,
      AWS_ACCESS_KEY_ID: 'AKIAUNKNOWNKEY000000',
    });
    expect(aws.spendguardAccountId).toBeUndefined();
    const server = await createTestApp({ aws });
    try {
      const owner = await signUpVerifiedOwner(server, 'owner@example.com');
      const { kit } = await setupScreenOf(server, owner);
      expect(kit).toMatchObject({ spendguard_account_id: null, quick_create_url: null });
    } finally {
      await server.close();
    }
  });
});
