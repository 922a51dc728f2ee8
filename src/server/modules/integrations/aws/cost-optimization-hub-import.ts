import {
  ListEnrollmentStatusesCommand,
  ListRecommendationsCommand,
  type Recommendation,
  type ResourceType,
} from '@aws-sdk/client-cost-optimization-hub';
import {
  type ImportedResourceType,
  isImportable,
  oneImportPerResource,
} from '../../../../domain/imported-recommendations.ts';
import { COST_OPTIMIZATION_HUB_PERMISSIONS } from '../../../../domain/read-role-additions.ts';
import type { AwsAccess, AwsCredentials } from '../../../aws-access.ts';
import { awsClients } from './aws-clients.ts';
import {
  countedCalls,
  everyPage,
  failedImport,
  type ImportedRecommendation,
  idOfArn,
  notEnrolled,
  type RecommendationImportOutcome,
} from './recommendation-import.ts';

const PAGE_SIZE = 1000;

/** The resources Spendguard also judges, as the hub names them, and what Spendguard calls them. */
const HUB_TYPES: Partial<Record<ResourceType, { type: ImportedResourceType; words: string }>> = {
  Ec2Instance: { type: 'instance', words: 'EC2 instance' },
  EbsVolume: { type: 'volume', words: 'EBS volume' },
  RdsDbInstance: { type: 'rds-db-instance', words: 'RDS DB instance' },
};
const IMPORTED_TYPES = Object.keys(HUB_TYPES) as ResourceType[];

/**
 * A stop or a delete is the hub's idle recommendation, read as Compute Optimizer's idle ones are
 * (decision 131): stopping an instance or a database, deleting a volume nothing uses. A rightsizing, a
 * Graviton move or an upgrade is a change of type or configuration. Only an RDS database's stop is
 * kept of its actions, since Spendguard judges a database only as idle; commitments to purchase have
 * no resource and are not imported.
 */
function facts(found: Recommendation) {
  const known = HUB_TYPES[found.currentResourceType as ResourceType];
  const action = found.actionType ?? '';
  if (!known) return null;
  if (action === 'Stop' && known.type !== 'volume')
    return { known, awsFinding: 'Idle', recommended: 'stop', idle: true };
  if (action === 'Delete' && known.type === 'volume')
    return { known, awsFinding: 'Unattached', recommended: 'delete', idle: true };
  if (['Rightsize', 'MigrateToGraviton', 'Upgrade'].includes(action) && known.type !== 'rds-db-instance')
    return {
      known,
      awsFinding: action,
      recommended: found.recommendedResourceSummary ?? 'unknown',
      idle: false,
    };
  return null;
}

function fromHub(found: Recommendation): ImportedRecommendation | null {
  const read = facts(found);
  if (!read || !found.resourceArn) return null;
  return {
    source: 'cost-optimization-hub',
    resourceType: read.known.type,
    resourceId: idOfArn(found.resourceArn),
    resourceArn: found.resourceArn,
    region: found.region ?? 'unknown',
    awsFinding: read.awsFinding,
    currentConfiguration: read.idle ? read.known.words : (found.currentResourceSummary ?? 'unknown'),
    recommendedConfiguration: read.recommended,
    monthlySavings: found.estimatedMonthlySavings ?? null,
    savingsPercentage: found.estimatedSavingsPercentage ?? null,
    currency: found.currencyCode ?? 'USD',
    idle: read.idle,
    lookBackDays: found.recommendationLookbackPeriodInDays ?? null,
    cpuMaximum: null,
    migrationEffort: found.implementationEffort ?? null,
    tags: {},
  };
}

const NOT_ENROLLED_WORDS =
  'Cost Optimization Hub is not turned on for this account: enable it from the Billing and Cost Management console to see its recommendations here. Spendguard’s own findings are complete without it.';

/**
 * Cost Optimization Hub's recommendations for one account (decision 133). The hub is global, answered
 * in us-east-1, and already keeps one recommendation per resource; the import asks for the account's own,
 * in the regions Spendguard reads, for the resource types Spendguard judges. An account whose hub is
 * not active is `not-enrolled`, without failing, and its earlier import stays.
 */
export async function importCostOptimizationHub(
  access: AwsAccess,
  credentials: AwsCredentials | undefined,
  accountId: string,
  regions: readonly string[],
): Promise<RecommendationImportOutcome> {
  const [enrollment, list] = COST_OPTIMIZATION_HUB_PERMISSIONS;
  const counter = countedCalls(enrollment);
  const base = () => ({
    finder: 'costOptimizationHub' as const,
    source: 'cost-optimization-hub' as const,
    permission: counter.permission,
    regions: regions.length,
    calls: counter.calls,
  });
  const client = awsClients(access, credentials).costOptimizationHub;
  try {
    const statuses = await counter.call(enrollment, () =>
      client.send(new ListEnrollmentStatusesCommand({ accountId })),
    );
    const active = (statuses.items ?? []).some(
      (item) => item.accountId === accountId && item.status === 'Active',
    );
    if (!active) return notEnrolled(base(), NOT_ENROLLED_WORDS, 'kept');
    const found =
      regions.length === 0
        ? []
        : await everyPage(
            (nextToken) =>
              counter.call(list, () =>
                client.send(
                  new ListRecommendationsCommand({
                    filter: { accountIds: [accountId], regions: [...regions], resourceTypes: IMPORTED_TYPES },
                    maxResults: PAGE_SIZE,
                    nextToken,
                  }),
                ),
              ),
            (page) => page.items,
            fromHub,
          );
    return {
      ...base(),
      permission: enrollment,
      state: 'ok',
      message: null,
      recommendations: oneImportPerResource(found.filter(isImportable)),
    };
  } catch (error) {
    return failedImport(base(), error, 'in us-east-1');
  }
}
