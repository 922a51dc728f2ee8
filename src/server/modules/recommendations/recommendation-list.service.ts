import type { Kysely } from 'kysely';
import type {
  RecommendationItem,
  RecommendationListQuery,
  RecommendationListView,
  WasteSettingsView,
} from '../../../contracts/recommendation-list.ts';
import type { CostScope } from '../../../domain/cost-scope.ts';
import type { ScopedTeam } from '../../../domain/finding-owners.ts';
import { sumUsd } from '../../../domain/money.ts';
import { recommendationsCsv } from '../../../domain/recommendation-csv.ts';
import type { BilledMonth } from '../../../domain/waste-prices.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import type { CostSlices } from '../cost-data/cost-slices.service.ts';
import type { RecommendationImportOutcome } from '../integrations/aws/recommendation-import.ts';
import {
  INSTANCES_FINDER,
  WASTE_FINDERS,
  type WasteFinderOutcome,
} from '../integrations/aws/waste-inventory-collector.ts';
import { findFindingRow, listFindingRows } from './ec2-findings.repository.ts';
import { listInstanceTags } from './ec2-inventory.repository.ts';
import { clearFindingAction, recordFindingAction } from './finding-actions.repository.ts';
import {
  importedActionKind,
  listImportedRecommendations,
  storeImportedRecommendations,
} from './imported-recommendations.repository.ts';
import {
  allRecommendations,
  filterChoices,
  filterRecommendations,
  totalsPerKind,
} from './recommendation-list.ts';
import { clearWasteAction, listWasteActions, recordWasteAction } from './waste-actions.repository.ts';
import {
  listWasteFinderStates,
  listWasteResources,
  storeWasteInventory,
  type WasteOwner,
} from './waste-inventory.repository.ts';
import {
  readWasteThresholds,
  saveWasteThresholds,
  type WasteThresholds,
} from './waste-settings.repository.ts';

/** Who sees what, and which teams own what: the organizations module answers. */
export interface TeamScopes {
  costScopeFor(subject: { organizationId: string; userId: string }): Promise<CostScope>;
  scopedTeams(organizationId: string): Promise<ScopedTeam[]>;
}

const SNOOZE_DAYS = 30;
const DAY_MS = 86_400_000;
const EC2_KINDS = new Set(['idle-instance', 'rightsizing']);

/** Spendguard's waste findings keep their actions under their kind, imported ones under source and kind. */
const actionKindOf = (item: RecommendationItem) =>
  item.source === 'spendguard' ? item.kind : importedActionKind(item.source, item.kind);

const previousPeriodStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
/** The bill names a snapshot or address by its ARN, a volume by its id: both end with the id. */
const trailingId = (resourceId: string) => resourceId.slice(resourceId.lastIndexOf('/') + 1);

export function createRecommendationList(deps: {
  db: Kysely<DatabaseSchema>;
  now: () => Date;
  spend: Pick<CostSlices, 'resourceCostsOfPeriod'>;
  scopes: TeamScopes;
}) {
  const { db, now } = deps;

  async function billedLastMonth(organizationId: string, at: Date) {
    const periodStart = previousPeriodStart(at);
    const period = periodStart.toISOString().slice(0, 7);
    const rows = await deps.spend.resourceCostsOfPeriod(organizationId, `${period}-01`);
    const billed = new Map<string, BilledMonth>();
    for (const row of rows) {
      const key = `${row.integrationId}/${trailingId(row.resourceId)}`;
      const previous = billed.get(key)?.monthlyUsd ?? 0;
      billed.set(key, { monthlyUsd: sumUsd([previous, Number(row.unblendedCost)]), billingPeriod: period });
    }
    return { billed, periodStart };
  }

  /** Every finding `viewerScope` covers in the organization, set aside or not, and its finders' states. */
  async function everything(
    organizationId: string,
    scopeOf: Promise<CostScope>,
  ): Promise<{ items: RecommendationItem[]; finders: RecommendationListView['finders'] }> {
    const at = now();
    const [
      viewerScope,
      teams,
      resources,
      finderStates,
      wasteActions,
      ec2Rows,
      ec2Tags,
      bill,
      thresholds,
      imported,
    ] = await Promise.all([
      scopeOf,
      deps.scopes.scopedTeams(organizationId),
      listWasteResources(db, organizationId),
      listWasteFinderStates(db, organizationId),
      listWasteActions(db, organizationId),
      listFindingRows(db, organizationId, { sort: 'savings', include_dismissed: true }, at),
      listInstanceTags(db, organizationId),
      billedLastMonth(organizationId, at),
      readWasteThresholds(db, organizationId),
      listImportedRecommendations(db, organizationId),
    ]);
    const items = allRecommendations({
      now: at,
      viewerScope,
      teams,
      resources,
      finderStates,
      wasteActions,
      billed: bill.billed,
      billedPeriodStart: bill.periodStart,
      ec2Rows,
      ec2Tags,
      thresholds,
      imported,
    });
    // A finder's state names an account, its regions and what its role lacks: a member limited to teams
    // sees those of their accounts only.
    const finders = finderStates
      .filter((state) => !viewerScope.restricted || viewerScope.accountIds.includes(state.account_id))
      .map((state) => ({
        integration_id: state.integration_id,
        account_id: state.account_id,
        finder: state.finder as RecommendationListView['finders'][number]['finder'],
        state: state.state as RecommendationListView['finders'][number]['state'],
        permission: state.permission,
        message: state.message,
        regions: state.regions,
        calls: state.calls,
        checked_at: state.checked_at.toISOString(),
      }));
    return { items, finders };
  }

  async function list(viewer: Viewer, query: RecommendationListQuery): Promise<RecommendationListView> {
    const { items, finders } = await everything(viewer.organizationId, deps.scopes.costScopeFor(viewer));
    const findings = filterRecommendations(items, query).sort(
      (a, b) =>
        (b.monthly_savings ?? -1) - (a.monthly_savings ?? -1) || a.resource_id.localeCompare(b.resource_id),
    );
    const totals = totalsPerKind(findings);
    return {
      findings,
      totals,
      total_monthly_savings: sumUsd(totals.map((total) => total.monthly_savings)),
      finders,
      accounts: [...new Set(items.map((item) => item.account_id))].sort(),
      regions: [...new Set(items.map((item) => item.region))].sort(),
      ...filterChoices(items),
    };
  }

  /** The finding as the viewer may see it, or 404 (another tenant's, out of their scope, or gone). */
  async function requireItem(viewer: Viewer, id: string): Promise<RecommendationItem> {
    const { items } = await everything(viewer.organizationId, deps.scopes.costScopeFor(viewer));
    const item = items.find((candidate) => candidate.id === id);
    if (!item) throw notFound('Recommendation');
    return item;
  }

  function assertCanAct(viewer: Viewer) {
    if (viewer.organizationRole === 'member')
      throw forbidden('Only owners and admins can dismiss, snooze or mark recommendations as expected.');
  }

  async function act(
    viewer: Viewer,
    id: string,
    input: { action: 'dismissed' | 'snoozed' | 'expected'; reason: string },
  ): Promise<RecommendationItem> {
    assertCanAct(viewer);
    const item = await requireItem(viewer, id);
    const actedAt = now();
    const snoozedUntil =
      input.action === 'snoozed' ? new Date(actedAt.getTime() + SNOOZE_DAYS * DAY_MS) : null;
    if (item.source === 'spendguard' && EC2_KINDS.has(item.kind)) {
      const row = await findFindingRow(db, viewer.organizationId, id.slice(id.indexOf(':') + 1), actedAt);
      if (!row) throw notFound('Recommendation');
      await recordFindingAction(db, {
        organizationId: viewer.organizationId,
        integrationId: row.integration_id,
        instanceId: row.instance_id,
        finding: row.finding,
        action: input.action,
        reason: input.reason,
        snoozedUntil,
        actedBy: viewer.userId,
        actedAt,
      });
    } else {
      await recordWasteAction(db, {
        organizationId: viewer.organizationId,
        integrationId: item.integration_id,
        resourceId: item.resource_id,
        kind: actionKindOf(item),
        action: input.action,
        reason: input.reason,
        snoozedUntil,
        actedBy: viewer.userId,
        actedAt,
      });
    }
    return requireItem(viewer, id);
  }

  async function undo(viewer: Viewer, id: string): Promise<RecommendationItem> {
    assertCanAct(viewer);
    const item = await requireItem(viewer, id);
    if (item.source === 'spendguard' && EC2_KINDS.has(item.kind)) {
      await clearFindingAction(db, {
        organizationId: viewer.organizationId,
        integrationId: item.integration_id,
        instanceId: item.resource_id,
      });
    } else {
      await clearWasteAction(db, {
        organizationId: viewer.organizationId,
        integrationId: item.integration_id,
        resourceId: item.resource_id,
        kind: actionKindOf(item),
      });
    }
    return requireItem(viewer, id);
  }

  /** The filtered list as CSV; every text cell is neutralised against spreadsheet formulas. */
  async function csv(viewer: Viewer, query: RecommendationListQuery): Promise<string> {
    return recommendationsCsv((await list(viewer, query)).findings);
  }

  const toView = (t: WasteThresholds): WasteSettingsView => ({
    unattached_days: t.unattachedDays,
    snapshot_age_days: t.snapshotAgeDays,
    snapshots_kept_per_volume: t.snapshotsKeptPerVolume,
    nat_gateway_min_gb: t.natGatewayMinGb,
    load_balancer_min_requests: t.loadBalancerMinRequests,
    database_idle_days: t.databaseIdleDays,
  });

  /** The thresholds every waste finding is judged by; a change applies at the next read, no sync needed. */
  async function wasteSettings(viewer: Viewer): Promise<WasteSettingsView> {
    return toView(await readWasteThresholds(db, viewer.organizationId));
  }

  async function updateWasteSettings(viewer: Viewer, input: WasteSettingsView): Promise<WasteSettingsView> {
    assertCanAct(viewer);
    const thresholds: WasteThresholds = {
      unattachedDays: input.unattached_days,
      snapshotAgeDays: input.snapshot_age_days,
      snapshotsKeptPerVolume: input.snapshots_kept_per_volume,
      natGatewayMinGb: input.nat_gateway_min_gb,
      loadBalancerMinRequests: input.load_balancer_min_requests,
      databaseIdleDays: input.database_idle_days,
    };
    await saveWasteThresholds(db, viewer.organizationId, thresholds, viewer.userId);
    return toView(thresholds);
  }

  return {
    wasteSettings,
    updateWasteSettings,
    listRecommendations: list,
    /** The findings a scope covers that nobody set aside (the digest's waste, docs/decisions/113). */
    async openFindingsIn(organizationId: string, scope: CostScope): Promise<RecommendationItem[]> {
      const { items } = await everything(organizationId, Promise.resolve(scope));
      return items.filter((item) => item.action === null);
    },
    getRecommendation: requireItem,
    actOnRecommendation: act,
    undoRecommendationAction: undo,
    recommendationsCsv: csv,
    /** One account's Compute Optimizer import, as one sync read it, replaces what it imported before. */
    storeImportedRecommendations(owner: WasteOwner, outcome: RecommendationImportOutcome) {
      return storeImportedRecommendations(db, owner, outcome);
    },
    /** One account's finders, as one sync collected them, replace its stored waste inventory. */
    storeWasteInventory(owner: WasteOwner, outcomes: WasteFinderOutcome[]) {
      return storeWasteInventory(
        db,
        owner,
        outcomes,
        (finder) =>
          [...WASTE_FINDERS, INSTANCES_FINDER].find((entry) => entry.finder === finder)?.resourceType ??
          finder,
      );
    },
  };
}
