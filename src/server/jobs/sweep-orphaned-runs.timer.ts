import type { IntegrationsService } from '../modules/integrations/integrations.service.ts';

export interface OrphanSweepTiming {
  /** A running run without a beat for this long is orphaned (config.ingestion.orphanedAfterMs). */
  orphanedAfterMs: number;
  /**
   * At start on the embedded database every running run is orphaned: one server holds DATA_DIR, so
   * no other process can be reading. On PostgreSQL other nodes may be, and only a stopped beat counts.
   */
  soleServer: boolean;
  /** The injected clock (decision 078). */
  now: () => Date;
}

/**
 * Fails runs orphaned by a dead process and removes upload files no run needs: once at start (before
 * workers take jobs, so a run starting now is never mistaken for an orphan), then every half
 * orphanedAfterMs on this node (uploads live in this node's DATA_DIR). Answers a stop for shutdown.
 */
export async function sweepOrphanedRuns(
  integrations: IntegrationsService,
  timing: OrphanSweepTiming,
  log: { error(details: object, message: string): void; warn(details: object, message: string): void },
): Promise<() => void> {
  const sweep = async (atStart: boolean) => {
    const now = timing.now().getTime();
    const staleBefore = new Date(atStart && timing.soleServer ? now : now - timing.orphanedAfterMs);
    const untouchedSince = new Date(atStart ? now : now - timing.orphanedAfterMs);
    const noSyncRuns = atStart && timing.soleServer;
    const swept = await integrations.sweepOrphans({ staleBefore, untouchedSince, noSyncRuns });
    if (swept.failedRuns.length > 0 || swept.stoppedSyncs.length > 0 || swept.removedUploads.length > 0)
      log.warn(swept, 'orphaned ingestion runs failed and unused upload files removed');
  };
  await sweep(true);
  const timer = setInterval(() => {
    sweep(false).catch((error) => log.error({ err: error }, 'the orphaned-run sweep failed'));
  }, timing.orphanedAfterMs / 2);
  timer.unref();
  return () => clearInterval(timer);
}
