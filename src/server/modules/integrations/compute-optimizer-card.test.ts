import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { startTestSimulator } from '../../../aws-sim/testing/test-simulator.ts';
import type { IntegrationView } from '../../../contracts/integrations.ts';
import { simulatorAccess } from '../../aws-simulator-access.ts';
import { bearer, signUpVerifiedPerson } from '../../testing/accounts-fixtures.ts';
import { syncWithRoleLacking } from '../../testing/sync-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// The demo integration's sync through the app, the simulator's real SDK answers: the card says which
// account has Compute Optimizer or Cost Optimization Hub off and which permission a role lacks for
// their imports (decisions 131, 133).

let simulator: AwsSimulator;
let server: TestApp;
let headers: { authorization: string };
let integrationId: string;

const card = async () =>
  (
    await server.app.inject({ url: `/api/integrations/${integrationId}/status`, headers })
  ).json() as IntegrationView;
const stateOf = (view: IntegrationView, accountId: string) =>
  view.compute_optimizer?.accounts.find((account) => account.account_id === accountId);
const hubStateOf = (view: IntegrationView, accountId: string) =>
  view.cost_optimization_hub?.accounts.find((account) => account.account_id === accountId);

beforeAll(async () => {
  const started = await startTestSimulator();
  simulator = started.simulator;
  server = await createTestApp({ aws: simulatorAccess(simulator), clock: started.clock });
  const { token } = await signUpVerifiedPerson(server, { email: 'finance@optimizer-card.test' });
  headers = bearer(token);
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/integrations',
    headers,
    payload: { kind: 'aws-demo' },
  });
  expect(created.statusCode, created.body).toBe(201);
  integrationId = created.json().id;
}, 600_000);
afterAll(async () => {
  await server?.close();
  await simulator?.close();
});

describe("the integration card's Compute Optimizer state", () => {
  it('says staging never turned it on, and the other accounts imported', async () => {
    const view = await card();
    const staging = simulator.company.accounts.find((account) => account.name === 'acme-staging');
    expect(stateOf(view, staging!.id)).toMatchObject({ state: 'not-enrolled' });
    expect(stateOf(view, staging!.id)?.message).toContain('not turned on');
    const others = simulator.company.accounts.filter((account) => account.id !== staging!.id);
    expect(others.map((account) => stateOf(view, account.id)?.state)).toEqual(others.map(() => 'ok'));
    expect(hubStateOf(view, staging!.id)).toMatchObject({ state: 'not-enrolled' });
    expect(hubStateOf(view, staging!.id)?.message).toContain('Cost Optimization Hub is not turned on');
    expect(others.map((account) => hubStateOf(view, account.id)?.state)).toEqual(others.map(() => 'ok'));
  });

  it('names the idle recommendations permission a stack made before it lacks', async () => {
    const { card: view, management } = await syncWithRoleLacking(
      server,
      simulator,
      { id: integrationId, headers },
      ['compute-optimizer:GetIdleRecommendations', 'cost-optimization-hub:ListRecommendations'],
    );
    expect(view.state).toBe('ready');
    expect(stateOf(view, management.id)).toMatchObject({
      state: 'missing-permission',
      permission: 'compute-optimizer:GetIdleRecommendations',
    });
    expect(hubStateOf(view, management.id)).toMatchObject({
      state: 'missing-permission',
      permission: 'cost-optimization-hub:ListRecommendations',
    });
  });
});
