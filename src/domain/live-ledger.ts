/**
 * The live ledger: resources started or resized since the bill data, one row per run of a resource.
 * It is a pure function of the changes seen, replayed in event-time order, so a stop delivered
 * before its start still ends the row, and a change delivered twice (SQS is at least once) counts
 * once. Store the changes; rebuild or fold the ledger from them.
 */

import type { LaunchChange, LaunchResource } from './launch-changes.ts';

/** From `fromMs` on, the row ran `count` of `type` (a resize starts a new segment). */
export interface LedgerSegment {
  fromMs: number;
  type?: string;
  count: number;
}

export interface LedgerRow {
  /** `${accountId}/${region}/${resource.id}@${startedAt}`: stable across rebuilds. */
  rowId: string;
  /** The resource as last known (type, Multi-AZ and engine filled from any of its events). */
  resource: LaunchResource;
  count: number;
  region: string;
  accountId: string;
  /**
   * The launch the row belongs to: rows sharing it are one launch (RunInstances of 8). The CloudTrail
   * call that started the run when one is known, else the state change that reported it first: the
   * state changes of a RunInstances of 8 are eight events, its CloudTrail call is one, and it often
   * arrives after them (EventBridge delivers CloudTrail events later, and in another batch).
   */
  launchEventId: string;
  /**
   * What acting on "this launch" takes whole (the ledger's Stop): the API call that started the run once
   * its CloudTrail event is in, so two calls in the same second stay two launches; before that, the runs
   * the same account and region started in the same second (a RunInstances of 8 reports eight state
   * changes at one time, and its call may come minutes later).
   */
  launchKey: string;
  /**
   * Every event that reported this run's start (state changes and the CloudTrail call): an alert that
   * fired for the row under any of them, before the call regrouped it, covers it (launch-alerts.ts).
   */
  startEventIds: string[];
  /** Who launched it (CloudTrail userIdentity.arn); undefined without a trail. */
  launchedBy?: string;
  /** 'resize': a resource that existed before and was resized; its price before may be unknown. */
  origin: 'launch' | 'resize';
  /** For a 'resize' row: the type before, when an earlier event of the ledger named it. */
  previousType?: string;
  startedAt: string;
  startedAtMs: number;
  endedAt?: string;
  endedAtMs?: number;
  segments: LedgerSegment[];
  changeIds: string[];
}

export interface LiveLedger {
  /** Every distinct change, in replay order (event time, then start before resize before stop). */
  changes: LaunchChange[];
  rows: LedgerRow[];
}

export const EMPTY_LEDGER: LiveLedger = { changes: [], rows: [] };

const ACTION_ORDER = { start: 0, resize: 1, stop: 2 } as const;

function replayOrder(a: LaunchChange, b: LaunchChange): number {
  return (
    a.atMs - b.atMs ||
    ACTION_ORDER[a.action] - ACTION_ORDER[b.action] ||
    (a.changeId < b.changeId ? -1 : a.changeId > b.changeId ? 1 : 0)
  );
}

interface ResourceState {
  open?: LedgerRow;
  /** The type the resource last had (a closed row's, or a resize made while it was stopped). */
  lastType?: string;
}

const isStateChange = (eventName: string) => eventName.startsWith('state:');

function openRow(change: LaunchChange, state: ResourceState, origin: LedgerRow['origin']): LedgerRow {
  const type = change.resource.type ?? (origin === 'launch' ? state.lastType : undefined);
  return {
    rowId: `${change.accountId}/${change.region}/${change.resource.id}@${change.at}`,
    resource: { ...change.resource, type },
    count: change.count,
    region: change.region,
    accountId: change.accountId,
    launchEventId: change.eventId,
    launchKey: isStateChange(change.eventName)
      ? `${change.accountId}/${change.region}@${change.at}`
      : `call:${change.eventId}`,
    startEventIds: [change.eventId],
    launchedBy: change.who,
    origin,
    previousType: origin === 'resize' ? state.lastType : undefined,
    startedAt: change.at,
    startedAtMs: change.atMs,
    segments: [{ fromMs: change.atMs, type, count: change.count }],
    changeIds: [change.changeId],
  };
}

/**
 * A second report of the same run (pending then running, CloudTrail and state change) fills gaps; the
 * CloudTrail call, when it comes after a state change opened the row, makes it part of its launch.
 */
function mergeStart(row: LedgerRow, change: LaunchChange, openedBy: Map<LedgerRow, string>) {
  if (!row.startEventIds.includes(change.eventId)) row.startEventIds.push(change.eventId);
  if (!isStateChange(change.eventName) && isStateChange(openedBy.get(row) ?? '')) {
    row.launchEventId = change.eventId;
    row.launchKey = `call:${change.eventId}`;
    openedBy.set(row, change.eventName);
  }
  row.launchedBy ??= change.who;
  row.resource.multiAz ??= change.resource.multiAz;
  row.resource.engine ??= change.resource.engine;
  if (!row.resource.type && change.resource.type) {
    row.resource.type = change.resource.type;
    for (const segment of row.segments) segment.type ??= change.resource.type;
  }
}

function resize(row: LedgerRow, change: LaunchChange) {
  const type = change.resource.type ?? row.resource.type;
  const count = change.resource.kind === 'auto-scaling-group' ? change.count : row.count;
  if (type === row.resource.type && count === row.count) return;
  row.resource.type = type;
  row.count = count;
  row.segments.push({ fromMs: change.atMs, type, count });
}

function apply(
  states: Map<string, ResourceState>,
  rows: LedgerRow[],
  change: LaunchChange,
  openedBy: Map<LedgerRow, string>,
) {
  const key = `${change.accountId}/${change.region}/${change.resource.kind}/${change.resource.id}`;
  const state = states.get(key) ?? {};
  states.set(key, state);
  const { open } = state;
  open?.changeIds.push(change.changeId);
  if (change.action === 'start') {
    if (open) mergeStart(open, change, openedBy);
    else {
      state.open = openRow(change, state, 'launch');
      openedBy.set(state.open, change.eventName);
      rows.push(state.open);
    }
  } else if (change.action === 'resize') {
    if (open) resize(open, change);
    else if (change.resource.kind === 'ec2-instance') state.lastType = change.resource.type;
    else {
      state.open = openRow(change, state, 'resize');
      rows.push(state.open);
    }
  } else if (open) {
    open.endedAt = change.at;
    open.endedAtMs = change.atMs;
    state.lastType = open.resource.type;
    state.open = undefined;
  }
}

/** The ledger the changes make, whatever order they arrived in and however often. */
export function buildLiveLedger(changes: readonly LaunchChange[]): LiveLedger {
  const distinct = [...new Map(changes.map((change) => [change.changeId, change])).values()].sort(
    replayOrder,
  );
  const states = new Map<string, ResourceState>();
  const rows: LedgerRow[] = [];
  // The event name that set each row's launch (kept apart: it is how the row was built, not what it says).
  const openedBy = new Map<LedgerRow, string>();
  for (const change of distinct) apply(states, rows, structuredClone(change), openedBy);
  return { changes: distinct, rows };
}

/**
 * Adds changes to a ledger. `fresh` are the ones it had not seen (alert on these only);
 * `duplicates` were already in it (a redelivery or a second copy in the same batch).
 */
export function foldLaunchChanges(
  ledger: LiveLedger,
  incoming: readonly LaunchChange[],
): { ledger: LiveLedger; fresh: LaunchChange[]; duplicates: LaunchChange[] } {
  const seen = new Set(ledger.changes.map((change) => change.changeId));
  const fresh: LaunchChange[] = [];
  const duplicates: LaunchChange[] = [];
  for (const change of incoming) {
    if (seen.has(change.changeId)) duplicates.push(change);
    else {
      seen.add(change.changeId);
      fresh.push(change);
    }
  }
  const next = fresh.length === 0 ? ledger : buildLiveLedger([...ledger.changes, ...fresh]);
  return { ledger: next, fresh, duplicates };
}
