import type { PricedLedgerRow } from '../../../domain/live-run-rate.ts';

/** One integration's live ledger, priced, and where its billing data ends. */
export interface IntegrationLedger {
  integrationId: string;
  integrationName: string;
  /** The end of the last day with billed cost (ms); undefined before any bill data. */
  billingDataEndsAtMs?: number;
  rows: PricedLedgerRow[];
}

/** Every integration's ledger of an organization at one moment (alerts and the ledger page read it). */
export interface LaunchLedgerSnapshot {
  atMs: number;
  integrations: IntegrationLedger[];
}
