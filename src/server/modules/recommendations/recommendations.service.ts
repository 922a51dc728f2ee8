import { PricingClient } from '@aws-sdk/client-pricing';
import type {
  Ec2FindingDetailView,
  Ec2FindingListView,
  Ec2FindingQuery,
  Ec2FindingView,
  RightsizingSettingsView,
} from '../../../contracts/recommendations.ts';
import { type CostScope, isCostInScope, UNRESTRICTED } from '../../../domain/cost-scope.ts';
import type { Ec2PriceLookup } from '../../../domain/launch-prices.ts';
import { DEFAULT_RIGHTSIZING_SETTINGS, type RightsizingSettings } from '../../../domain/rightsizing.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { type CostSlices, createCostSlices } from '../cost-data/cost-slices.service.ts';
import {
  type FindingsWithin,
  findFindingRow,
  findingFacets,
  listFindingRows,
  replaceFindings,
  sumPossibleSavings,
} from './ec2-findings.repository.ts';
import {
  listHourlyMetrics,
  listInstanceTags,
  listInstanceTypes,
  storeEc2Inventory,
} from './ec2-inventory.repository.ts';
import { clearFindingAction, recordFindingAction } from './finding-actions.repository.ts';
import { toFindingDetailView, toFindingView } from './finding-views.ts';
import { type BilledHoursSource, computeFindingRows } from './findings-refresh.ts';
import { type IdleEc2Finding, idleFindingOf } from './idle-findings.ts';
import { createRecommendationList, type TeamScopes } from './recommendation-list.service.ts';
import { createRegionalPricing } from './regional-pricing.ts';
import { readRightsizingSettings, saveRightsizingSettings } from './rightsizing-settings.repository.ts';

export type { IdleEc2Finding };

/** EC2 on-demand prices by type and region, and where each region's prices come from. */
export interface Ec2Prices {
  lookup: Ec2PriceLookup;
  sourceOf(region: string): 'catalog' | 'pricing-api' | undefined;
}

const SNOOZE_DAYS = 30;
const DAY_MS = 86_400_000;

export interface RecommendationsOptions {
  /** The Price List API client; built from the config (AWS_PRICING_*) when absent. */
  pricingClient?: PricingClient;
  /** Billed instance hours, through cost-data's cost-slice API; the app passes its own. */
  costSlices?: BilledHoursSource & Pick<CostSlices, 'resourceCostsOfPeriod'>;
  /** Viewer scopes and team scopes (the organizations service); without it everyone sees everything, owned by nobody. */
  scopes?: TeamScopes;
}

const NO_TEAMS: TeamScopes = {
  costScopeFor: async () => UNRESTRICTED,
  scopedTeams: async () => [],
};

function pricingClientFromConfig(config: Config): PricingClient | undefined {
  if (!config.awsPricing.enabled) return undefined;
  return new PricingClient({
    region: 'us-east-1',
    endpoint: config.awsPricing.endpoint,
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
  });
}

/** Owners and admins manage recommendations; members read them. */
function assertCanAct(viewer: Viewer): void {
  if (viewer.organizationRole === 'member') {
    throw forbidden('Only owners and admins can dismiss, snooze or change recommendations.');
  }
}

export function createRecommendationsService(context: AppContext, options: RecommendationsOptions = {}) {
  const { db } = context.database;
  const now = () => context.clock.now();
  const spend = options.costSlices ?? createCostSlices(db);
  const teamScopes = options.scopes ?? NO_TEAMS;
  const pricing = createRegionalPricing(db, {
    client: options.pricingClient ?? pricingClientFromConfig(context.config),
    now,
    log: context.log,
  });

  async function settingsOf(organizationId: string): Promise<RightsizingSettings> {
    const stored = await readRightsizingSettings(db, organizationId);
    if (!stored) return DEFAULT_RIGHTSIZING_SETTINGS;
    return { percentile: stored.cpu_percentile, headroomPercent: stored.headroom_percent };
  }

  /**
   * The findings the viewer sees: all, or, for a member limited to their teams' spend, those in the
   * accounts or of the instances tagged as their teams own (as the combined list scopes them).
   */
  async function findingsWithinViewOf(viewer: Viewer): Promise<FindingsWithin | undefined> {
    const scope = await teamScopes.costScopeFor(viewer);
    if (!scope.restricted) return undefined;
    const byTags: CostScope = { restricted: true, accountIds: [], tags: scope.tags };
    const instanceIds = [...(await listInstanceTags(db, viewer.organizationId))]
      .filter(([, tags]) => isCostInScope(byTags, { usageAccountId: '', tags }))
      .map(([key]) => key.slice(key.indexOf('/') + 1));
    return { accountIds: scope.accountIds, instanceIds };
  }

  async function requireFinding(viewer: Viewer, findingId: string) {
    const scope = await findingsWithinViewOf(viewer);
    const row = await findFindingRow(db, viewer.organizationId, findingId, now(), scope);
    if (!row) throw notFound('Recommendation');
    return row;
  }

  async function act(
    viewer: Viewer,
    findingId: string,
    action: 'dismissed' | 'snoozed',
  ): Promise<Ec2FindingView> {
    assertCanAct(viewer);
    const row = await requireFinding(viewer, findingId);
    const actedAt = now();
    await recordFindingAction(db, {
      organizationId: viewer.organizationId,
      integrationId: row.integration_id,
      instanceId: row.instance_id,
      finding: row.finding,
      action,
      snoozedUntil: action === 'snoozed' ? new Date(actedAt.getTime() + SNOOZE_DAYS * DAY_MS) : null,
      actedBy: viewer.userId,
      actedAt,
    });
    return toFindingView(await requireFinding(viewer, findingId));
  }

  /** Recomputes every finding of the organization; the collector calls it after each metrics sync. */
  async function refreshFindings(organizationId: string): Promise<{ findings: number; computedAt: Date }> {
    const computedAt = now();
    const rows = await computeFindingRows(
      db,
      spend,
      pricing,
      organizationId,
      await settingsOf(organizationId),
      computedAt,
    );
    await replaceFindings(db, organizationId, rows, computedAt);
    return { findings: rows.length, computedAt };
  }

  /** Idle instances nobody dismissed or snoozed, for the idle-EC2 alerts. */
  async function listIdleFindings(organizationId: string): Promise<IdleEc2Finding[]> {
    const query: Ec2FindingQuery = { finding: 'idle', sort: 'savings' };
    const rows = await listFindingRows(db, organizationId, query, now());
    return rows.map(idleFindingOf);
  }

  /**
   * On-demand Linux prices of the regions, for pricing launches: us-east-1 from the shipped catalog,
   * another region from the Price List API when enabled (else unknown there: no guess).
   */
  async function ec2Prices(regions: readonly string[]): Promise<Ec2Prices> {
    const byRegion = new Map<string, { source: 'catalog' | 'pricing-api'; prices: Map<string, number> }>();
    for (const region of new Set(regions)) {
      const priced = await pricing.catalogFor(region);
      if (priced.source === 'estimate-us-east-1') continue;
      const prices = new Map(
        priced.catalog.flatMap((spec) =>
          spec.hourlyPriceUsd === null ? [] : [[spec.type, spec.hourlyPriceUsd] as const],
        ),
      );
      byRegion.set(region, { source: priced.source === 'pricing-api' ? 'pricing-api' : 'catalog', prices });
    }
    return {
      lookup: (instanceType, region) => byRegion.get(region)?.prices.get(instanceType),
      sourceOf: (region) => byRegion.get(region)?.source,
    };
  }

  return {
    ...createRecommendationList({ db, now, spend, scopes: teamScopes }),
    refreshFindings,
    ec2Prices,
    /** Instance id to type, from the EC2 inventory the syncs collected. */
    instanceTypesOf: (organizationId: string) => listInstanceTypes(db, organizationId),
    /** What one sync observed in one account replaces that account's inventory (the one writer). */
    storeEc2Inventory(
      owner: Parameters<typeof storeEc2Inventory>[1],
      instances: Parameters<typeof storeEc2Inventory>[2],
    ) {
      return storeEc2Inventory(db, owner, instances);
    },
    listIdleFindings,

    async list(viewer: Viewer, query: Ec2FindingQuery): Promise<Ec2FindingListView> {
      const at = now();
      const scope = await findingsWithinViewOf(viewer);
      const rows = await listFindingRows(db, viewer.organizationId, query, at, scope);
      const total = await sumPossibleSavings(db, viewer.organizationId, query, at, scope);
      const facets = await findingFacets(db, viewer.organizationId, at, scope);
      const settings = await settingsOf(viewer.organizationId);
      return {
        total_monthly_savings: Number(total),
        count: rows.length,
        findings: rows.map(toFindingView),
        accounts: facets.accounts,
        regions: facets.regions,
        settings: { cpu_percentile: settings.percentile, headroom_percent: settings.headroomPercent },
        computed_at: facets.computedAt?.toISOString() ?? null,
      };
    },

    async get(viewer: Viewer, findingId: string): Promise<Ec2FindingDetailView> {
      const row = await requireFinding(viewer, findingId);
      const from = new Date(`${row.window_start}T00:00:00Z`);
      const to = new Date(new Date(`${row.window_end}T00:00:00Z`).getTime() + DAY_MS);
      const scope = {
        organizationId: viewer.organizationId,
        integrationId: row.integration_id,
        instanceId: row.instance_id,
      };
      return toFindingDetailView(row, await listHourlyMetrics(db, scope, from, to));
    },

    dismiss: (viewer: Viewer, findingId: string) => act(viewer, findingId, 'dismissed'),
    snooze: (viewer: Viewer, findingId: string) => act(viewer, findingId, 'snoozed'),

    async undoAction(viewer: Viewer, findingId: string): Promise<Ec2FindingView> {
      assertCanAct(viewer);
      const row = await requireFinding(viewer, findingId);
      await clearFindingAction(db, {
        organizationId: viewer.organizationId,
        integrationId: row.integration_id,
        instanceId: row.instance_id,
      });
      return toFindingView(await requireFinding(viewer, findingId));
    },

    async refresh(viewer: Viewer) {
      assertCanAct(viewer);
      const { findings, computedAt } = await refreshFindings(viewer.organizationId);
      return { findings, computed_at: computedAt.toISOString() };
    },

    async getSettings(viewer: Viewer): Promise<RightsizingSettingsView> {
      const settings = await settingsOf(viewer.organizationId);
      return { cpu_percentile: settings.percentile, headroom_percent: settings.headroomPercent };
    },

    /** New settings apply at once: the findings are recomputed with them. */
    async updateSettings(viewer: Viewer, input: RightsizingSettingsView): Promise<RightsizingSettingsView> {
      assertCanAct(viewer);
      const settings = { cpuPercentile: input.cpu_percentile, headroomPercent: input.headroom_percent };
      await saveRightsizingSettings(db, viewer.organizationId, settings, viewer.userId);
      await refreshFindings(viewer.organizationId);
      return input;
    },
  };
}

export type RecommendationsService = ReturnType<typeof createRecommendationsService>;
