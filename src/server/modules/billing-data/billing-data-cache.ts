/** Answers of the billing query per integration, one per view. Bounded, oldest entry out first. */
export class BillingDataCache<T> {
  private readonly byIntegration = new Map<string, Map<string, T>>();
  private size = 0;

  constructor(private readonly maxEntries = 2_000) {}

  get(integrationId: string, key: string): T | undefined {
    return this.byIntegration.get(integrationId)?.get(key);
  }

  set(integrationId: string, key: string, value: T): void {
    if (this.size >= this.maxEntries) this.evictOldest();
    let entries = this.byIntegration.get(integrationId);
    if (!entries) {
      entries = new Map();
      this.byIntegration.set(integrationId, entries);
    }
    if (!entries.has(key)) this.size += 1;
    entries.set(key, value);
  }

  entries(integrationId: string): Array<[string, T]> {
    return [...(this.byIntegration.get(integrationId) ?? [])];
  }

  delete(integrationId: string, key: string): void {
    if (this.byIntegration.get(integrationId)?.delete(key)) this.size -= 1;
  }

  private evictOldest(): void {
    for (const [integrationId, entries] of this.byIntegration) {
      const oldest = entries.keys().next();
      if (oldest.done) {
        this.byIntegration.delete(integrationId);
        continue;
      }
      entries.delete(oldest.value);
      this.size -= 1;
      return;
    }
  }
}
