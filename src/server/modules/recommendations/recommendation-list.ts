import type {
  RecommendationItem,
  RecommendationKind,
  RecommendationListQuery,
} from '../../../contracts/recommendation-list.ts';
import type { CostScope } from '../../../domain/cost-scope.ts';
import { isCostInScope } from '../../../domain/cost-scope.ts';
import { findingOwner, type ScopedTeam } from '../../../domain/finding-owners.ts';
import {
  estimateSourceWords,
  type ImportedRecommendationFacts,
  importedKind,
  importedWhy,
  SOURCE_NAMES,
} from '../../../domain/imported-recommendations.ts';
import { sumUsd } from '../../../domain/money.ts';
import { oneFigurePerResource } from '../../../domain/one-figure-per-resource.ts';
import { oneSavingPerInstance } from '../../../domain/one-saving-per-instance.ts';
import {
  type ObservedAddress,
  type ObservedSnapshot,
  type ObservedVolume,
  wasteFindings,
} from '../../../domain/waste-findings.ts';
import { type BilledMonth, wasteMonthlySavings } from '../../../domain/waste-prices.ts';
import type { FindingRow } from './ec2-findings.repository.ts';
import { idleServiceJudgements, type JudgedResource } from './idle-service-judgements.ts';
import { type ImportedRecommendationRow, importedActionKind } from './imported-recommendations.repository.ts';
import type { WasteFinderStateRow, WasteResourceRow } from './waste-inventory.repository.ts';
import type { WasteThresholds } from './waste-settings.repository.ts';

// The one list (decisions 101, 108 and 124): EC2 idle and rightsizing findings beside the waste findings
// computed from the stored resources and the recommendations imported from AWS, each with its monthly
// figure, its owner and its source, a resource flagged by both counted once.

export interface WasteActionRow {
  integration_id: string;
  resource_id: string;
  kind: string;
  action: string;
  reason: string;
  snoozed_until: Date | null;
  acted_at: Date;
  acted_by_name: string | null;
}

export interface ListInputs {
  now: Date;
  viewerScope: CostScope;
  teams: ScopedTeam[];
  resources: WasteResourceRow[];
  finderStates: WasteFinderStateRow[];
  wasteActions: WasteActionRow[];
  /** Each resource's bill in the last complete billing period: `${integrationId}/${resource id}` to USD. */
  billed: Map<string, BilledMonth>;
  /** The first day of that billing period: a resource created after it was not billed for a whole month. */
  billedPeriodStart: Date;
  ec2Rows: FindingRow[];
  ec2Tags: Map<string, Record<string, string>>;
  /** The organization's thresholds (the defaults where it chose none). */
  thresholds: WasteThresholds;
  /** What AWS recommended at the last sync (decision 124). */
  imported: ImportedRecommendationRow[];
}

const attributes = (row: WasteResourceRow) => row.attributes as Record<string, string | number | null>;
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const num = (value: unknown) => (typeof value === 'number' ? value : null);
const date = (value: unknown) => (typeof value === 'string' ? new Date(value) : null);

function toVolume(row: WasteResourceRow): ObservedVolume {
  const a = attributes(row);
  return {
    volumeId: row.resource_id,
    accountId: row.account_id,
    region: row.region,
    sizeGb: num(a.sizeGb) ?? 0,
    volumeType: text(a.volumeType) ?? 'unknown',
    iops: num(a.iops),
    throughputMiBs: num(a.throughputMiBs),
    attachedTo: text(a.attachedTo),
    createTime: date(a.createTime) ?? row.observed_at,
    unattachedSince: row.unattached_since,
    tags: row.tags as Record<string, string>,
  };
}

function toSnapshot(row: WasteResourceRow): ObservedSnapshot {
  const a = attributes(row);
  return {
    snapshotId: row.resource_id,
    accountId: row.account_id,
    region: row.region,
    volumeId: text(a.volumeId) ?? '',
    volumeSizeGb: num(a.volumeSizeGb) ?? 0,
    startTime: date(a.startTime) ?? row.observed_at,
    tags: row.tags as Record<string, string>,
  };
}

function toAddress(row: WasteResourceRow): ObservedAddress {
  const a = attributes(row);
  return {
    allocationId: row.resource_id,
    publicIp: text(a.publicIp) ?? '',
    accountId: row.account_id,
    region: row.region,
    associationId: text(a.associationId),
    instanceId: text(a.instanceId),
    networkInterfaceId: text(a.networkInterfaceId),
    tags: row.tags as Record<string, string>,
  };
}

/** The waste findings of one integration's account, with the row each came from (for its id). */
function accountFindings(
  rows: WasteResourceRow[],
  volumesKnown: boolean,
  thresholds: WasteThresholds,
  now: Date,
): JudgedResource[] {
  const ofType = (type: string) => rows.filter((row) => row.resource_type === type);
  const volumes = ofType('volume');
  const findings = wasteFindings(
    {
      volumes: volumesKnown || volumes.length > 0 ? volumes.map(toVolume) : null,
      snapshots: ofType('snapshot').map(toSnapshot),
      addresses: ofType('address').map(toAddress),
    },
    thresholds,
    now,
  );
  const byResource = new Map(rows.map((row) => [row.resource_id, row]));
  const storage = findings.flatMap((finding): JudgedResource[] => {
    const row = byResource.get(finding.resourceId);
    if (!row) return [];
    return [
      {
        kind: finding.kind,
        row,
        name: finding.name,
        why: finding.why,
        createdAt: finding.createdAt,
        billingKey: finding.resourceId,
        price: (billed) => wasteMonthlySavings(finding, billed),
        resource: null,
      },
    ];
  });
  return [...storage, ...idleServiceJudgements(rows, thresholds, now)];
}

function activeAction(
  action: { action: string; snoozed_until: Date | null } | undefined,
  now: Date,
): boolean {
  if (!action) return false;
  return action.action !== 'snoozed' || (action.snoozed_until !== null && action.snoozed_until > now);
}

function wasteItem(judged: JudgedResource, inputs: ListInputs): RecommendationItem {
  const { row } = judged;
  const tags = row.tags as Record<string, string>;
  const bill = inputs.billed.get(`${row.integration_id}/${judged.billingKey}`);
  const billedWholeMonth = bill && (judged.createdAt === null || judged.createdAt < inputs.billedPeriodStart);
  const cost = judged.price(billedWholeMonth ? bill : null);
  const owner = findingOwner({ usageAccountId: row.account_id, tags }, inputs.teams);
  const action = inputs.wasteActions.find(
    (candidate) =>
      candidate.integration_id === row.integration_id &&
      candidate.resource_id === row.resource_id &&
      candidate.kind === judged.kind,
  );
  return {
    id: `${judged.kind}:${row.id}`,
    kind: judged.kind,
    source: 'spendguard',
    integration_id: row.integration_id,
    account_id: row.account_id,
    region: row.region,
    resource_id: row.resource_id,
    name: judged.name,
    tags,
    owner: owner && { team_id: owner.teamId, name: owner.name, matched_by: owner.matchedBy },
    why: judged.why,
    resource: judged.resource,
    monthly_savings: cost.known ? cost.monthlyUsd : null,
    price: cost.known
      ? { known: true, basis: cost.basis, source: cost.source }
      : { known: false, reason: cost.reason },
    action:
      activeAction(action, inputs.now) && action
        ? {
            kind: action.action as 'dismissed' | 'snoozed' | 'expected',
            reason: action.reason,
            snoozed_until: action.snoozed_until?.toISOString() ?? null,
            by: action.acted_by_name,
            at: action.acted_at.toISOString(),
          }
        : null,
  };
}

const EC2_KINDS: Record<string, RecommendationKind> = {
  idle: 'idle-instance',
  'over-provisioned': 'rightsizing',
};

function ec2Item(row: FindingRow, inputs: ListInputs): RecommendationItem | null {
  const kind = EC2_KINDS[row.finding];
  if (!kind) return null;
  const tags = inputs.ec2Tags.get(`${row.integration_id}/${row.instance_id}`) ?? {};
  const owner = findingOwner({ usageAccountId: row.account_id, tags }, inputs.teams);
  const savings = Number(row.monthly_savings);
  const held = row.action === 'dismissed' || row.action === 'expected' || row.action === 'snoozed';
  return {
    id: `${kind}:${row.id}`,
    kind,
    source: 'spendguard',
    integration_id: row.integration_id,
    account_id: row.account_id,
    region: row.region,
    resource_id: row.instance_id,
    name: row.name,
    tags,
    owner: owner && { team_id: owner.teamId, name: owner.name, matched_by: owner.matchedBy },
    why: row.why,
    resource: null,
    monthly_savings: savings,
    price: { known: true, basis: 'ec2-rightsizing', source: `EC2 ${row.price_source} price` },
    action: held
      ? {
          kind: row.action as 'dismissed' | 'snoozed' | 'expected',
          reason: row.reason,
          snoozed_until: row.snoozed_until?.toISOString() ?? null,
          by: row.acted_by_name,
          at: (row.acted_at ?? row.computed_at).toISOString(),
        }
      : null,
  };
}

function actionView(action: WasteActionRow | undefined, now: Date): RecommendationItem['action'] {
  if (!activeAction(action, now) || !action) return null;
  return {
    kind: action.action as 'dismissed' | 'snoozed' | 'expected',
    reason: action.reason,
    snoozed_until: action.snoozed_until?.toISOString() ?? null,
    by: action.acted_by_name,
    at: action.acted_at.toISOString(),
  };
}

function importedFacts(row: ImportedRecommendationRow): ImportedRecommendationFacts {
  const details = row.details as Record<string, unknown>;
  const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    source: row.source as ImportedRecommendationFacts['source'],
    resourceType: row.resource_type as ImportedRecommendationFacts['resourceType'],
    awsFinding: row.aws_finding,
    currentConfiguration: row.current_configuration,
    recommendedConfiguration: row.recommended_configuration,
    monthlySavings: numberOrNull(row.monthly_savings),
    savingsPercentage: numberOrNull(row.savings_percentage),
    idle: details.idle === true,
    lookBackDays: numberOrNull(details.lookBackDays),
    cpuMaximum: numberOrNull(details.cpuMaximum),
    migrationEffort: typeof details.migrationEffort === 'string' ? details.migrationEffort : null,
  };
}

/**
 * The tags of each resource Spendguard's own inventory holds (instances, and what the waste finders
 * saw), by integration and resource id: Cost Optimization Hub's list carries no tags (decision 133).
 */
function inventoryTags(inputs: ListInputs): Map<string, Record<string, string>> {
  const known = new Map(inputs.ec2Tags);
  for (const row of inputs.resources)
    known.set(`${row.integration_id}/${row.resource_id}`, row.tags as Record<string, string>);
  return known;
}

/**
 * An AWS recommendation as a list item: AWS's estimate, its words, the resource's Name tag as its name
 * (from the inventory where AWS gave no tags).
 */
function importedItem(
  row: ImportedRecommendationRow,
  inputs: ListInputs,
  inventory: Map<string, Record<string, string>>,
): RecommendationItem {
  const facts = importedFacts(row);
  const kind = importedKind(facts);
  const given = row.tags as Record<string, string>;
  const { Name: name, ...tags } =
    Object.keys(given).length > 0 ? given : (inventory.get(`${row.integration_id}/${row.resource_id}`) ?? {});
  const owner = findingOwner({ usageAccountId: row.account_id, tags }, inputs.teams);
  const action = inputs.wasteActions.find(
    (candidate) =>
      candidate.integration_id === row.integration_id &&
      candidate.resource_id === row.resource_id &&
      candidate.kind === importedActionKind(row.source, kind),
  );
  return {
    id: `${kind}:${row.id}`,
    kind,
    source: facts.source,
    integration_id: row.integration_id,
    account_id: row.account_id,
    region: row.region,
    resource_id: row.resource_id,
    name: name ?? null,
    tags,
    owner: owner && { team_id: owner.teamId, name: owner.name, matched_by: owner.matchedBy },
    why: importedWhy(facts),
    // An idle database AWS alone flags carries its DB instance, so "Stop database" attaches to it too.
    resource:
      facts.resourceType === 'rds-db-instance'
        ? { type: 'rds-db-instance', account_id: row.account_id, region: row.region, id: row.resource_id }
        : null,
    monthly_savings: facts.monthlySavings,
    price:
      facts.monthlySavings === null
        ? { known: false, reason: `${SOURCE_NAMES[facts.source]} gave no estimate` }
        : {
            known: true,
            basis: 'aws-estimate',
            source: estimateSourceWords(facts.source),
          },
    action: actionView(action, inputs.now),
  };
}

/** Every recommendation the viewer may see (their team scope), before the query's filters. */
export function allRecommendations(inputs: ListInputs): RecommendationItem[] {
  const groups = new Map<string, WasteResourceRow[]>();
  for (const row of inputs.resources) {
    const key = `${row.integration_id}/${row.account_id}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const items: RecommendationItem[] = [];
  for (const [key, rows] of groups) {
    const volumesKnown = inputs.finderStates.some(
      (state) =>
        `${state.integration_id}/${state.account_id}` === key &&
        state.finder === 'volumes' &&
        state.state === 'ok',
    );
    for (const judged of accountFindings(rows, volumesKnown, inputs.thresholds, inputs.now))
      items.push(wasteItem(judged, inputs));
  }
  for (const row of inputs.ec2Rows) {
    const item = ec2Item(row, inputs);
    if (item) items.push(item);
  }
  const inventory = inventoryTags(inputs);
  for (const row of inputs.imported) items.push(importedItem(row, inputs, inventory));
  const seen = items.filter((item) =>
    isCostInScope(inputs.viewerScope, { usageAccountId: item.account_id, tags: item.tags }),
  );
  const merged = oneFigurePerResource(seen);
  return oneSavingPerInstance(merged.map((item) => ({ ...item, set_aside: item.action !== null }))).map(
    ({ set_aside: _, ...item }) => item,
  );
}

/** `key=value` split at its first `=`: a tag's value may itself hold `=`. */
function tagFilter(tag: string | undefined) {
  if (tag === undefined) return null;
  const at = tag.indexOf('=');
  return { key: tag.slice(0, at), value: tag.slice(at + 1) };
}

export function filterRecommendations(items: RecommendationItem[], query: RecommendationListQuery) {
  const tag = tagFilter(query.tag);
  return items.filter(
    (item) =>
      (!query.kind || item.kind === query.kind) &&
      (!query.account || item.account_id === query.account) &&
      (!query.region || item.region === query.region) &&
      (!query.team || item.owner?.team_id === query.team) &&
      (!tag || item.tags[tag.key] === tag.value) &&
      (query.include_dismissed || item.action === null),
  );
}

/** What the viewer can filter by among `items`: owning teams and `key=value` tags, sorted. */
export function filterChoices(items: RecommendationItem[]) {
  const teams = new Map<string, string>();
  const tags = new Set<string>();
  for (const item of items) {
    if (item.owner) teams.set(item.owner.team_id, item.owner.name);
    for (const [key, value] of Object.entries(item.tags)) tags.add(`${key}=${value}`);
  }
  return {
    teams: [...teams].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
    tags: [...tags].sort(),
  };
}

/** Per kind: how many, and what those nobody set aside save (price-unknown ones counted apart). */
export function totalsPerKind(items: RecommendationItem[]) {
  const totals = new Map<RecommendationKind, { count: number; amounts: number[]; unknown: number }>();
  for (const item of items) {
    if (item.action) continue;
    const total = totals.get(item.kind) ?? { count: 0, amounts: [], unknown: 0 };
    total.count += 1;
    if (item.monthly_savings === null) total.unknown += 1;
    else total.amounts.push(Math.max(0, item.monthly_savings));
    totals.set(item.kind, total);
  }
  return [...totals].map(([kind, total]) => ({
    kind,
    count: total.count,
    monthly_savings: sumUsd(total.amounts),
    price_unknown: total.unknown,
  }));
}
