/** What an integration remembers between syncs (the `settings` JSON column). */
export interface IntegrationSettings {
  /** The simulated company of the built-in simulator. */
  demo?: boolean;
  /** Per billing period, the export delivery last ingested: a changed one is ingested again. */
  exportFingerprints?: Record<string, string>;
  costExplorer?: { refreshedAt?: string; paidCalls?: number };
  /** Warnings of the last sync that did not stop it (a linked account without the role). */
  syncWarnings?: string[];
}

export function settingsOf(raw: unknown): IntegrationSettings {
  return raw && typeof raw === 'object' ? (raw as IntegrationSettings) : {};
}
