import type { LaunchChange } from '../../../domain/launch-changes.ts';
import { liveRunRate, type PricedLedgerRow } from '../../../domain/live-run-rate.ts';
import type { LiveSpendReading } from '../../../domain/live-spend-alerts.ts';

import type { LaunchLedgerSnapshot } from '../launch-events/launch-ledger-snapshot.ts';

/**
 * What alerts read of the launch-events module: the priced live ledger of an organization's
 * integrations (the snapshot's shape is the module's own), and the fresh launch changes of each stored
 * batch (app.ts hands them to alerts' `evaluateFreshLaunches`). The same shapes as the service's
 * `snapshot` and `LaunchChangesEvent`, so alerts depends on this port, not on the service.
 */
export interface LaunchChangesStored {
  organizationId: string;
  integrationId: string;
  fresh: LaunchChange[];
}

export interface LiveLedgerSource {
  snapshot(
    organizationId: string,
    options?: { integrationIds?: string[]; atMs?: number },
  ): Promise<LaunchLedgerSnapshot>;
}

/**
 * What alerts read of the usage meter (docs/decisions/096): every metered resource now, as a generic
 * reading, and the names of the integrations they come from. The usage-meter module's
 * `live-spend-readings.ts` is the one implementation.
 */
export interface LiveSpendSource {
  readingsOf(organizationId: string, atMs: number): Promise<LiveSpendReading[]>;
  integrationNames(organizationId: string): Promise<Map<string, string>>;
}

/** A running ledger row with the integration it came from. */
export type LiveRow = PricedLedgerRow & { integrationId: string; integrationName: string };

/** What is running now after each integration's bill data: the rows the live run-rate counts. */
export interface LiveLedgerView {
  atMs: number;
  running: LiveRow[];
  /** The usage meter's resources at the same moment; none when no meter is wired. */
  metered?: LiveSpendReading[];
}

export function liveLedgerViewOf(snapshot: LaunchLedgerSnapshot): LiveLedgerView {
  const running = snapshot.integrations.flatMap((integration) =>
    liveRunRate(integration.rows, {
      atMs: snapshot.atMs,
      billingDataEndsAtMs: integration.billingDataEndsAtMs,
    }).running.map(
      (row): LiveRow => ({
        ...row,
        integrationId: integration.integrationId,
        integrationName: integration.integrationName,
      }),
    ),
  );
  return { atMs: snapshot.atMs, running };
}

/**
 * The live ledger of an organization now, or nothing running when no source is wired (no launch events),
 * with the usage meter's readings at the same moment when a meter is wired.
 */
export async function readLiveLedger(
  source: LiveLedgerSource | undefined,
  organizationId: string,
  now: Date,
  meter?: LiveSpendSource,
): Promise<LiveLedgerView> {
  const view = source
    ? liveLedgerViewOf(await source.snapshot(organizationId))
    : { atMs: now.getTime(), running: [] };
  if (!meter) return view;
  return { ...view, metered: await meter.readingsOf(organizationId, view.atMs) };
}
