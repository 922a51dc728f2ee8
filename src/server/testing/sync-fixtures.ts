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
