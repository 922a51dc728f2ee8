import { formatUsd } from './money.ts';

/** The two kinds that each replace an instance's type: acting on one makes the other moot. */
const TYPE_CHANGES = new Set(['rightsizing', 'previous-generation']);

export interface InstanceSaving {
  kind: string;
  integration_id: string;
  resource_id: string;
  /** null: price unknown, which ranks below any known saving. */
  monthly_savings: number | null;
  why: string;
  /** Set aside (dismissed, snoozed, expected): left alone, it is not counted in totals anyway. */
  set_aside: boolean;
}

const NAMES: Record<string, string> = {
  rightsizing: 'Rightsizing',
  'previous-generation': 'Moving to the current generation',
};

/**
 * One instance, one saving (decision 119): where an instance has both a rightsizing and a
 * previous-generation finding, both change its type, so only the larger saving is kept and counted; its
 * reason names the other option and what it would save. Other findings pass through unchanged, in order.
 */
export function oneSavingPerInstance<T extends InstanceSaving>(items: T[]): T[] {
  const byInstance = new Map<string, T[]>();
  for (const item of items) {
    if (!TYPE_CHANGES.has(item.kind) || item.set_aside) continue;
    const key = `${item.integration_id}/${item.resource_id}`;
    byInstance.set(key, [...(byInstance.get(key) ?? []), item]);
  }
  const dropped = new Set<T>();
  const replaced = new Map<T, T>();
  for (const pair of byInstance.values()) {
    if (pair.length < 2) continue;
    const [kept, ...others] = [...pair].sort(
      (a, b) => (b.monthly_savings ?? -1) - (a.monthly_savings ?? -1) || a.kind.localeCompare(b.kind),
    );
    if (!kept) continue;
    const notes = others.map((other) => {
      dropped.add(other);
      const saving = other.monthly_savings === null ? 'an unknown amount' : formatUsd(other.monthly_savings);
      return `${NAMES[other.kind] ?? other.kind} would instead save ${saving} a month (counted once, the larger kept): ${other.why}`;
    });
    replaced.set(kept, { ...kept, why: `${kept.why} ${notes.join(' ')}` });
  }
  return items.filter((item) => !dropped.has(item)).map((item) => replaced.get(item) ?? item);
}
