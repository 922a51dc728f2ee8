import type {
  ImportedRecommendationFacts,
  ImportedSource,
} from '../../../../domain/imported-recommendations.ts';
import { type AwsAccessError, callFailure } from './aws-failure.ts';

// What the imports of AWS's own recommendations share (decisions 124, 131, 133): the row they read each
// recommendation into, how one went, the paging and the way a failure is recorded.

/** Each import's row among the finders' states (`waste_finder_states`). */
export type ImportFinder = 'computeOptimizer' | 'costOptimizationHub';

export interface ImportedRecommendation extends ImportedRecommendationFacts {
  resourceId: string;
  resourceArn: string;
  region: string;
  currency: string;
  tags: Record<string, string>;
}

export type ImportState = 'ok' | 'not-enrolled' | 'missing-permission' | 'throttled' | 'failed';

export interface RecommendationImportOutcome {
  finder: ImportFinder;
  source: ImportedSource;
  permission: string;
  /** `not-enrolled`: the account never turned the service on, which is no failure. */
  state: ImportState;
  message: string | null;
  regions: number;
  calls: number;
  /** What it recommends, savings only; null when the import could not finish (the previous stays). */
  recommendations: ImportedRecommendation[] | null;
}

/** The id Spendguard knows a resource by: the ARN's last part (`db:name` for RDS, `volume/vol-…` for EC2). */
export const idOfArn = (arn: string) => arn.slice(Math.max(arn.lastIndexOf('/'), arn.lastIndexOf(':')) + 1);

/** Counts the calls and remembers the permission of the last, which names a refusal. */
export function countedCalls(first: string) {
  const counter = {
    calls: 0,
    permission: first,
    call<T>(permission: string, send: () => Promise<T>): Promise<T> {
      counter.calls += 1;
      counter.permission = permission;
      return send();
    },
  };
  return counter;
}

export type Call = ReturnType<typeof countedCalls>['call'];

/** Every page of one list call, each item read into an import (or skipped). */
export async function everyPage<P extends { nextToken?: string }, I>(
  fetchPage: (token: string | undefined) => Promise<P>,
  items: (page: P) => I[] | undefined,
  read: (item: I) => ImportedRecommendation | null,
): Promise<ImportedRecommendation[]> {
  const found: ImportedRecommendation[] = [];
  let token: string | undefined;
  do {
    const page = await fetchPage(token);
    for (const item of items(page) ?? []) {
      const imported = read(item);
      if (imported) found.push(imported);
    }
    token = page.nextToken;
  } while (token);
  return found;
}

/** A failed call recorded as the import's state: the previous import stays, nothing else fails. */
export function failedImport(
  base: Pick<RecommendationImportOutcome, 'finder' | 'source' | 'regions' | 'calls' | 'permission'>,
  error: unknown,
  where: string,
): RecommendationImportOutcome {
  const failure: AwsAccessError = callFailure(error, `${base.permission} ${where}`.trim());
  const state: ImportState =
    failure.code === 'MissingPermission'
      ? 'missing-permission'
      : failure.code === 'Throttled'
        ? 'throttled'
        : 'failed';
  return { ...base, state, message: failure.message, recommendations: null };
}

/**
 * An account that has the service off: no failure. Compute Optimizer's earlier import leaves (decision
 * 131); Cost Optimization Hub's stays, since turning it off does not make its findings wrong (decision 133).
 */
export function notEnrolled(
  base: Pick<RecommendationImportOutcome, 'finder' | 'source' | 'regions' | 'calls' | 'permission'>,
  message: string,
  earlier: 'cleared' | 'kept',
): RecommendationImportOutcome {
  return { ...base, state: 'not-enrolled', message, recommendations: earlier === 'cleared' ? [] : null };
}
