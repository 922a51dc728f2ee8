import type { IsoDay } from '../../../domain/calendar-days.ts';
import { type EndingCommitment, endsWithinMonthOf } from '../../../domain/commitment-forecast.ts';
import type { CostScope } from '../../../domain/cost-scope.ts';
import type { CostDataService } from '../cost-data/cost-data.service.ts';
import { factsOfCommitments } from './commitment-alert-facts.ts';
import { commitmentAccountsOf } from './commitment-scope.ts';

/**
 * The commitments of one integration, in a person's scope, that end within the calendar month holding
 * `today`, with their latest 30 days in the bill (decision 114). A month with no end reads only the
 * inventory.
 */
export function createMonthEndCommitments(deps: { costData: Pick<CostDataService, 'commitments'> }) {
  const { commitments } = deps.costData;
  return async function endingInMonth(
    owner: { organizationId: string; integration: { id: string; name: string } },
    scope: CostScope,
    today: IsoDay,
    now: Date,
  ): Promise<EndingCommitment[]> {
    const inventory = await commitments.list({
      organizationId: owner.organizationId,
      integrationId: owner.integration.id,
      accountIds: commitmentAccountsOf(scope),
    });
    const ending = inventory.filter(
      (commitment) => commitment.endsAt !== null && endsWithinMonthOf(commitment.endsAt, today),
    );
    const facts = await factsOfCommitments(commitments, owner, ending, now);
    return facts.flatMap((fact) =>
      fact.endsAt
        ? [{ id: fact.commitmentId, type: fact.type, endsAt: fact.endsAt, last30Days: fact.last30Days }]
        : [],
    );
  };
}
