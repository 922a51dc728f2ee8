import { expect } from 'vitest';
import { type AwsSimulator, TEMPLATE_ROLE_PERMISSIONS } from '../../aws-sim/index.ts';
import type { IntegrationView } from '../../contracts/integrations.ts';
import type { AwsAccess } from '../aws-access.ts';
import { createCostDataService } from '../modules/cost-data/cost-data.service.ts';
import { createAwsSyncService } from '../modules/integrations/aws-sync.service.ts';
import { createIntegrationsService } from '../modules/integrations/integrations.service.ts';
import type { TestApp } from './test-app.ts';

/**
 * The app's own sync on the test app's database, built from its real modules, for a test that calls
 * `sync.sync()` itself or listens to its cost data: the fleet's inventory is counted, not stored.
 */
export function syncOverRealModules(server: TestApp, access: AwsAccess) {
  const costData = createCostDataService(server.context.database.db);
  const integrations = createIntegrationsService(server.context, costData, { aws: access });
  const sync = createAwsSyncService({
    context: server.context,
    access,
    costData,
    runIngestion: integrations.runIngestion,
    storeEc2Inventory: async (_owner, instances) => ({ instances: instances.length }),
    refreshFindings: async () => {},
  });
  return { costData, sync };
}

/**
 * One sync of the demo integration through the app while the management account's demo role lacks some
 * permissions of the template, as a stack made before them would: the role gets them back after the sync,
 * whatever happens. Answers the integration card that sync left, and the account.
 */
export async function syncWithRoleLacking(
  server: TestApp,
  simulator: AwsSimulator,
  integration: { id: string; headers: { authorization: string } },
  lacking: string | readonly string[],
): Promise<{ card: IntegrationView; management: { id: string } }> {
  const { company } = simulator;
  const missing = new Set(typeof lacking === 'string' ? [lacking] : lacking);
  const management = company.accounts.find((account) => account.id === company.managementAccountId)!;
  simulator.registerRole(management.demoRoleArn, company.demoExternalId, {
    permissions: TEMPLATE_ROLE_PERMISSIONS.filter((action) => !missing.has(action)),
  });
  try {
    const synced = await server.app.inject({
      method: 'POST',
      url: `/api/integrations/${integration.id}/sync`,
      headers: integration.headers,
      payload: {},
    });
    expect(synced.statusCode, synced.body).toBe(202);
    const card = await server.app.inject({
      url: `/api/integrations/${integration.id}/status`,
      headers: integration.headers,
    });
    expect(card.statusCode, card.body).toBe(200);
    return { card: card.json() as IntegrationView, management };
  } finally {
    simulator.registerRole(management.demoRoleArn, company.demoExternalId);
  }
}
