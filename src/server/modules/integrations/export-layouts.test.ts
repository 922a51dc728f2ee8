import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { startTestSimulator } from '../../../aws-sim/testing/test-simulator.ts';
import { simulatorAccess } from '../../aws-simulator-access.ts';
import { signUpVerifiedOwner, type TestPerson } from '../../testing/billing-fixtures.ts';
import { CUR_SAMPLE, FOCUS_SAMPLE } from '../../testing/raw-billing-samples.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Exports laid out as AWS writes them besides CUR 2.0: a legacy CUR with its assembly folder and a
 * manifest listing `reportKeys`, a FOCUS export partitioned by BILLING_PERIOD without manifests, and
 * a prefix where nothing was delivered yet.
 */
let simulator: AwsSimulator;
let server: TestApp;

beforeAll(async () => {
  const started = await startTestSimulator();
  simulator = started.simulator;
  // The operator lends the server's own credentials (AWS_LOCAL_CREDENTIALS=on): the exports sit in its account.
  server = await createTestApp({
    aws: { ...simulatorAccess(simulator), localCredentials: true },
    clock: started.clock,
  });
}, 60_000);
afterAll(async () => {
  await server.close();
  await simulator.close();
});

async function connect(person: TestPerson, exportLocation: { bucket: string; prefix: string }) {
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/integrations',
    headers: person.headers,
    payload: { kind: 'aws-local-credentials', name: 'Exports', export: exportLocation },
  });
  expect(created.statusCode).toBe(201);
  return (
    await server.app.inject({ url: `/api/integrations/${created.json().id}/status`, headers: person.headers })
  ).json();
}

describe('billing exports in other layouts', () => {
  it('reads a legacy CUR through the manifest of its assembly folder', async () => {
    const person = await signUpVerifiedOwner(server, 'legacy@example.com');
    const folder = 'reports/legacy/20231101-20231201';
    simulator.putObject('legacy-cur', `${folder}/abc123/legacy-00001.csv`, fs.readFileSync(CUR_SAMPLE));
    simulator.putObject(
      'legacy-cur',
      `${folder}/legacy-Manifest.json`,
      JSON.stringify({ reportKeys: [`${folder}/abc123/legacy-00001.csv`] }),
    );
    const view = await connect(person, { bucket: 'legacy-cur', prefix: 'reports/legacy' });
    expect(view).toMatchObject({ state: 'ready', source: 'cur-export', last_error: null });
    expect(view.latest_run.billing_periods).toEqual(['2023-11-01']);
  }, 60_000);

  it('reads a FOCUS export partitioned by billing period without manifests', async () => {
    const person = await signUpVerifiedOwner(server, 'focus@example.com');
    simulator.putObject(
      'focus-exports',
      'focus/BILLING_PERIOD=2024-09/part-0.csv',
      fs.readFileSync(FOCUS_SAMPLE),
    );
    const view = await connect(person, { bucket: 'focus-exports', prefix: 'focus' });
    expect(view).toMatchObject({ state: 'ready', last_error: null });
    expect(view.latest_run.billing_periods.length).toBeGreaterThan(0);
  }, 60_000);

  it('says the export is empty, and keeps the integration, when nothing was delivered yet', async () => {
    const person = await signUpVerifiedOwner(server, 'empty@example.com');
    simulator.putObject('empty-exports', 'elsewhere/readme.txt', 'nothing here');
    const view = await connect(person, { bucket: 'empty-exports', prefix: 'cur/new' });
    expect(view.state).toBe('error');
    expect(view.last_error.message).toContain('holds no billing files yet');
  }, 60_000);
});
