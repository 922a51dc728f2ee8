/**
 * One resource, one figure (decision 124): where AWS and Spendguard flag the same resource, the
 * totals count it once. Spendguard's finding is kept (it read the bill, carries the rule, the owner and
 * the person's action) and names what AWS recommends and estimates; where Spendguard could not price it,
 * it takes AWS's estimate, saying so. Where only AWS flags a resource, its recommendation stands alone
 * (two of them on one resource: the larger kept, the other named).
 */

import { estimateSourceWords, type RecommendationSource, SOURCE_NAMES } from './imported-recommendations.ts';
import { formatUsd } from './money.ts';

export type FigurePrice = { known: true; basis: string; source: string } | { known: false; reason: string };

export interface SourcedFinding {
  kind: string;
  source: RecommendationSource;
  integration_id: string;
  resource_id: string;
  /** null: price unknown, which ranks below any known figure. */
  monthly_savings: number | null;
  price: FigurePrice;
  why: string;
}

const keyOf = (item: SourcedFinding) => `${item.integration_id}/${item.resource_id}`;
const byFigure = (a: SourcedFinding, b: SourcedFinding) =>
  (b.monthly_savings ?? -1) - (a.monthly_savings ?? -1);
const amount = (usd: number | null) => (usd === null ? 'an unknown amount' : formatUsd(usd));

/** The own finding an imported one folds into: the same kind if there is one, else the largest figure. */
function targetFor<T extends SourcedFinding>(imported: T, own: T[]): T | undefined {
  return own.find((item) => item.kind === imported.kind) ?? [...own].sort(byFigure)[0];
}

function absorb<T extends SourcedFinding>(kept: T, folded: T[]): T {
  let merged: T = kept;
  for (const other of folded) {
    const name = SOURCE_NAMES[other.source];
    const adopt =
      merged.monthly_savings === null && other.monthly_savings !== null && merged.source === 'spendguard';
    const note = adopt
      ? `${name} flags it too: ${other.why} Counted once, at ${name}'s estimate, since Spendguard could not price it.`
      : `${name} flags it too, at ${amount(other.monthly_savings)} a month: ${other.why} Counted once, ${merged.source === 'spendguard' ? "Spendguard's figure kept" : 'the larger kept'}.`;
    merged = {
      ...merged,
      why: `${merged.why} ${note}`,
      ...(adopt
        ? {
            monthly_savings: other.monthly_savings,
            price: {
              known: true,
              basis: 'aws-estimate',
              source: other.source === 'spendguard' ? name : estimateSourceWords(other.source),
            },
          }
        : {}),
    };
  }
  return merged;
}

/** Every finding once per resource and source, merged as the decision says; order kept. */
export function oneFigurePerResource<T extends SourcedFinding>(items: T[]): T[] {
  const own = new Map<string, T[]>();
  const imported = new Map<string, T[]>();
  for (const item of items) {
    const bucket = item.source === 'spendguard' ? own : imported;
    bucket.set(keyOf(item), [...(bucket.get(keyOf(item)) ?? []), item]);
  }
  const dropped = new Set<T>();
  const folds = new Map<T, T[]>();
  for (const [key, theirs] of imported) {
    const ours = own.get(key) ?? [];
    const [standing, ...others] = [...theirs].sort(byFigure);
    for (const item of ours.length > 0 ? theirs : others) {
      const target = ours.length > 0 ? targetFor(item, ours) : standing;
      if (!target) continue;
      dropped.add(item);
      folds.set(target, [...(folds.get(target) ?? []), item]);
    }
  }
  return items
    .filter((item) => !dropped.has(item))
    .map((item) => {
      const folded = folds.get(item);
      return folded ? absorb(item, folded) : item;
    });
}
