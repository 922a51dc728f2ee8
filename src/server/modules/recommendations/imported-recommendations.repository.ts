import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, ImportedRecommendationsTable } from '../../db/schema.ts';
import type {
  ImportedRecommendation,
  RecommendationImportOutcome,
} from '../integrations/aws/recommendation-import.ts';
import { recordFinderState, type WasteOwner } from './waste-inventory.repository.ts';

// What AWS recommended for one account at the last sync (decisions 124, 133), replaced per account and source;
// merged with Spendguard's own findings when the list is read.

export type ImportedRecommendationRow = Selectable<ImportedRecommendationsTable>;

const ROWS_PER_INSERT = 500;

/** The action key of an imported recommendation: its source beside its kind, apart from Spendguard's own. */
export const importedActionKind = (source: string, kind: string) => `${source}:${kind}`;

function toRow(owner: WasteOwner, found: ImportedRecommendation) {
  return {
    organization_id: owner.organizationId,
    integration_id: owner.integrationId,
    account_id: owner.accountId,
    region: found.region,
    source: found.source,
    resource_type: found.resourceType,
    resource_id: found.resourceId,
    resource_arn: found.resourceArn,
    aws_finding: found.awsFinding,
    current_configuration: found.currentConfiguration,
    recommended_configuration: found.recommendedConfiguration,
    monthly_savings: found.monthlySavings,
    savings_percentage: found.savingsPercentage,
    currency: found.currency,
    details: JSON.stringify({
      idle: found.idle,
      lookBackDays: found.lookBackDays,
      cpuMaximum: found.cpuMaximum,
      migrationEffort: found.migrationEffort,
    }),
    tags: JSON.stringify(found.tags),
    observed_at: owner.observedAt,
  };
}

/**
 * One account's import replaces its stored recommendations of that source when it finished (those no
 * longer recommended leave, with what people did with them), and records the import's state beside the
 * finders'. One transaction.
 */
export async function storeImportedRecommendations(
  db: Kysely<DatabaseSchema>,
  owner: WasteOwner,
  outcome: RecommendationImportOutcome,
): Promise<{ recommendations: number }> {
  const { source, recommendations: found } = outcome;
  await db.transaction().execute(async (trx) => {
    if (found) {
      let leaving = trx
        .deleteFrom('imported_recommendations')
        .where('integration_id', '=', owner.integrationId)
        .where('account_id', '=', owner.accountId)
        .where('source', '=', source);
      if (found.length > 0)
        leaving = leaving.where(
          'resource_id',
          'not in',
          found.map((one) => one.resourceId),
        );
      const gone = await leaving.returning('resource_id').execute();
      const goneIds = gone.map((row) => row.resource_id);
      for (let offset = 0; offset < goneIds.length; offset += ROWS_PER_INSERT) {
        await trx
          .deleteFrom('waste_finding_actions')
          .where('integration_id', '=', owner.integrationId)
          .where('resource_id', 'in', goneIds.slice(offset, offset + ROWS_PER_INSERT))
          .where('kind', 'like', `${source}:%`)
          .execute();
      }
      for (let offset = 0; offset < found.length; offset += ROWS_PER_INSERT) {
        await trx
          .insertInto('imported_recommendations')
          .values(found.slice(offset, offset + ROWS_PER_INSERT).map((one) => toRow(owner, one)))
          .onConflict((conflict) =>
            conflict
              .columns(['organization_id', 'integration_id', 'source', 'resource_id'])
              .doUpdateSet((eb) => ({
                account_id: eb.ref('excluded.account_id'),
                region: eb.ref('excluded.region'),
                resource_type: eb.ref('excluded.resource_type'),
                resource_arn: eb.ref('excluded.resource_arn'),
                aws_finding: eb.ref('excluded.aws_finding'),
                current_configuration: eb.ref('excluded.current_configuration'),
                recommended_configuration: eb.ref('excluded.recommended_configuration'),
                monthly_savings: eb.ref('excluded.monthly_savings'),
                savings_percentage: eb.ref('excluded.savings_percentage'),
                currency: eb.ref('excluded.currency'),
                details: eb.ref('excluded.details'),
                tags: eb.ref('excluded.tags'),
                observed_at: eb.ref('excluded.observed_at'),
              })),
          )
          .execute();
      }
    }
    await recordFinderState(trx, owner, outcome);
  });
  return { recommendations: found?.length ?? 0 };
}

export function listImportedRecommendations(db: Kysely<DatabaseSchema>, organizationId: string) {
  return (
    db
      .selectFrom('imported_recommendations')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .orderBy('resource_id')
      // Two sources' equal estimates for one resource: Compute Optimizer's stands, the hub's is named.
      .orderBy('source')
      .execute()
  );
}
