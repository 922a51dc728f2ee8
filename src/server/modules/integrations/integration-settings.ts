/** How one account's read of one commitments API went at the last sync (decision 122). */
export interface CommitmentRead {
  accountId: string;
  api: 'savings-plans' | 'ec2-reservations' | 'rds-reservations';
  permission: string;
  state: 'ok' | 'missing-permission' | 'throttled' | 'failed';
  message: string | null;
}

/**
 * How one account's import of AWS's recommendations went at the last sync: Compute Optimizer's
 * (decision 131), Cost Optimization Hub's (decision 133).
 */
export interface RecommendationImportRead {
  accountId: string;
  state: 'ok' | 'not-enrolled' | 'missing-permission' | 'throttled' | 'failed';
  permission: string;
  message: string | null;
}

/** What an integration remembers between syncs (the `settings` JSON column). */
export interface IntegrationSettings {
  /** The simulated company of the built-in simulator. */
  demo?: boolean;
  /** Per billing period, the export delivery last ingested: a changed one is ingested again. */
  exportFingerprints?: Record<string, string>;
  costExplorer?: { refreshedAt?: string; paidCalls?: number };
  /** Warnings of the last sync that did not stop it (a linked account without the role). */
  syncWarnings?: string[];
  /** The last sync's reads of the Savings Plans, EC2 and RDS reservation APIs, per account. */
  commitmentReads?: { checkedAt: string; reads: CommitmentRead[] };
  /** The last sync's imports of Compute Optimizer, per account: the card says where it is off or refused. */
  computeOptimizerReads?: { checkedAt: string; reads: RecommendationImportRead[] };
  /** And of Cost Optimization Hub, per account. */
  costOptimizationHubReads?: { checkedAt: string; reads: RecommendationImportRead[] };
  /**
   * The older billing periods a sync handed to workers, one job each (docs/decisions/082): those in,
   * and those whose last attempt failed, with why.
   */
  backfill?: { periods: string[]; done: string[]; failed: Record<string, string> };
}

/** A backfill's progress in months, null once every month it holds is in (or none was started). */
export function backfillProgressOf(settings: IntegrationSettings): { done: number; total: number } | null {
  const backfill = settings.backfill;
  if (!backfill || backfill.done.length >= backfill.periods.length) return null;
  return { done: backfill.done.length, total: backfill.periods.length };
}

/** The backfill's months neither in nor failed: a worker holds them or will. */
export function backfillPendingOf(settings: IntegrationSettings): string[] {
  const backfill = settings.backfill;
  if (!backfill) return [];
  return backfill.periods.filter((period) => !backfill.done.includes(period) && !(period in backfill.failed));
}

export function settingsOf(raw: unknown): IntegrationSettings {
  return raw && typeof raw === 'object' ? (raw as IntegrationSettings) : {};
}
