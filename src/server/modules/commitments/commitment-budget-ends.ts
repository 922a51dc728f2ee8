import type { IsoDay } from '../../../domain/calendar-days.ts';
import type { EndingCommitment } from '../../../domain/commitment-forecast.ts';
import { commitmentUsageOf } from '../../../domain/commitment-usage.ts';
import { type CostScope, type TagPair, UNRESTRICTED } from '../../../domain/cost-scope.ts';
import type { CostDataService } from '../cost-data/cost-data.service.ts';
import type { IntegrationsService } from '../integrations/integrations.service.ts';
import { createPeriodEndCommitments } from './commitment-month-ends.ts';

/**
 * The commitments a budget's forecast weighs (decision 137): of every integration of the organization, as
 * budgets watch them all, each commitment once, those ending from the month holding `today` to the period's end; for a budget
 * of some accounts or of a tag, the part their covered usage carries (decision 134's rule; decision 142).
 */
export type BudgetCommitmentEnds = (
  organizationId: string,
  /** The budget's accounts (null for all of them) and tag: usage in those accounts carrying that tag. */
  watched: { accountIds: string[] | null; tag: TagPair | null },
  days: { today: IsoDay; periodEnd: IsoDay },
  now: Date,
) => Promise<EndingCommitment[]>;

export function createBudgetCommitmentEnds(deps: {
  costData: Pick<CostDataService, 'commitments'>;
  integrations: Pick<IntegrationsService, 'awsTargetsOf'>;
}): BudgetCommitmentEnds {
  const endingIn = createPeriodEndCommitments(deps);
  return async (organizationId, { accountIds, tag }, days, now) => {
    const accounts: CostScope = accountIds ? { restricted: true, accountIds, tags: [] } : UNRESTRICTED;
    const usage = commitmentUsageOf(accounts, {
      tagChoice: tag ? { key: tag.key, values: [tag.value], untagged: false } : undefined,
    });
    const integrations = await deps.integrations.awsTargetsOf(organizationId);
    const ends = await Promise.all(
      integrations.map((integration) => endingIn({ organizationId, integration }, usage, days, now)),
    );
    // The same payer's bill may reach the organization through two integrations (a role and an upload).
    return [...new Map(ends.flat().map((end) => [end.id, end])).values()];
  };
}
