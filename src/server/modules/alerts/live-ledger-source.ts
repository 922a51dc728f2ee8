import type { LaunchChange } from '../../../domain/launch-changes.ts';
import { liveRunRate, type PricedLedgerRow } from '../../../domain/live-run-rate.ts';

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

/** A running ledger row with the integration it came from. */
export type LiveRow = PricedLedgerRow & { integrationId: string; integrationName: string };

/** What is running now after each integration's bill data: the rows the live run-rate counts. */
export interface LiveLedgerView {
  atMs: number;
  running: LiveRow[];
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

/** The live ledger of an organization now, or nothing running when no source is wired (no launch events). */
export async function readLiveLedger(
  source: LiveLedgerSource | undefined,
  organizationId: string,
  now: Date,
): Promise<LiveLedgerView> {
  if (!source) return { atMs: now.getTime(), running: [] };
  return liveLedgerViewOf(await source.snapshot(organizationId));
}
