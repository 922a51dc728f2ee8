import type { IsoDay } from '../../../domain/calendar-days.ts';
import type { EndingCommitment } from '../../../domain/commitment-forecast.ts';
import { type CostScope, UNRESTRICTED } from '../../../domain/cost-scope.ts';
import type { CostDataService } from '../cost-data/cost-data.service.ts';
import type { IntegrationsService } from '../integrations/integrations.service.ts';
import { createPeriodEndCommitments } from './commitment-month-ends.ts';

/**
 * The commitments a budget's forecast weighs (decision 137): of every integration of the organization, as
 * budgets watch them all, each commitment once, those ending from the month holding `today` to the period's end; for a budget
 * of some accounts, the part their covered usage carries (decision 134's rule).
 */
export type BudgetCommitmentEnds = (
  organizationId: string,
  /** The budget's accounts; null for all of them. */
  accountIds: string[] | null,
  days: { today: IsoDay; periodEnd: IsoDay },
  now: Date,
) => Promise<EndingCommitment[]>;

export function createBudgetCommitmentEnds(deps: {
  costData: Pick<CostDataService, 'commitments'>;
  integrations: Pick<IntegrationsService, 'awsTargetsOf'>;
}): BudgetCommitmentEnds {
  const endingIn = createPeriodEndCommitments(deps);
  return async (organizationId, accountIds, days, now) => {
    const scope: CostScope = accountIds ? { restricted: true, accountIds, tags: [] } : UNRESTRICTED;
    const integrations = await deps.integrations.awsTargetsOf(organizationId);
    const ends = await Promise.all(
      integrations.map((integration) => endingIn({ organizationId, integration }, scope, days, now)),
    );
    // The same payer's bill may reach the organization through two integrations (a role and an upload).
    return [...new Map(ends.flat().map((end) => [end.id, end])).values()];
  };
}
