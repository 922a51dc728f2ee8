import type { CommitmentBilledElsewhere } from '../../../contracts/commitments.ts';
import { commitmentTypeLabel } from '../../../domain/commitment-eligibility.ts';
import { commitmentPartInScope } from '../../../domain/commitment-part-in-scope.ts';
import { commitmentState, daysUntilEnd } from '../../../domain/commitment-terms.ts';
import { type CommitmentUsage, holdsUsage } from '../../../domain/commitment-usage.ts';
import type { CostDataService } from '../cost-data/cost-data.service.ts';

const num = (value: string | null) => (value === null ? null : Number(value));

/**
 * The commitments billed to accounts outside a scope that paid for its usage within a window, each with
 * the scope's part (decision 139): every commitment of the integration not owned in the scope, its
 * covered usage in the scope's accounts and tagged usage (decision 142), and, for those that covered
 * some, its whole covered usage and used commitment over the same days.
 */
export async function commitmentsBilledElsewhere(
  costData: Pick<CostDataService, 'commitments'>,
  scope: CommitmentUsage & {
    organizationId: string;
    integrationId: string;
    /** The commitments the scope's accounts own in any billing period: never listed as billed elsewhere. */
    ownedIds: ReadonlySet<string>;
  },
  window: { from: string; to: string; kind?: 'savings-plan' | 'reservation' },
  now: Date,
): Promise<CommitmentBilledElsewhere[]> {
  const { organizationId, integrationId, accountIds, tagged } = scope;
  // Every account in scope: nothing is billed elsewhere.
  if (accountIds === null || !holdsUsage(scope)) return [];
  const owner = { organizationId, integrationId };
  const inWindow = { from: window.from, to: window.to, bucket: 'all' as const };
  const others = (await costData.commitments.list({ ...owner, accountIds: null })).filter(
    (commitment) =>
      !scope.ownedIds.has(commitment.commitmentId) &&
      !accountIds.includes(commitment.ownerAccountId) &&
      (!window.kind || commitment.kind === window.kind),
  );
  const inScope = await costData.commitments.amounts(
    { ...owner, accountIds, tagged },
    others.map((commitment) => commitment.commitmentId),
    inWindow,
  );
  const covering = inScope.filter(
    (row) => Number(row.coveredHours) > 0 || (num(row.coveredOnDemandCost) ?? 0) > 0,
  );
  if (covering.length === 0) return [];
  const whole = new Map(
    (
      await costData.commitments.amounts(
        owner,
        covering.map((row) => row.commitmentId),
        inWindow,
      )
    ).map((row) => [row.commitmentId, row]),
  );
  const scopeRows = new Map(covering.map((row) => [row.commitmentId, row]));
  return others.flatMap((commitment): CommitmentBilledElsewhere[] => {
    const mine = scopeRows.get(commitment.commitmentId);
    const all = whole.get(commitment.commitmentId);
    if (!mine || !all) return [];
    const part = commitmentPartInScope(
      {
        inScope: { onDemand: num(mine.coveredOnDemandCost), hours: Number(mine.coveredHours) },
        whole: { onDemand: num(all.coveredOnDemandCost), hours: Number(all.coveredHours) },
      },
      { whole: Number(all.usedCommitment), inScope: Number(mine.usedCommitment) },
    );
    if (!part) return [];
    const dates = { startsAt: commitment.startsAt, endsAt: commitment.endsAt };
    return [
      {
        id: commitment.commitmentId,
        kind: commitment.kind,
        type: commitmentTypeLabel(commitment.kind, commitment.offering),
        owner_account_id: commitment.ownerAccountId,
        starts_at: commitment.startsAt,
        ends_at: commitment.endsAt,
        days_until_end: daysUntilEnd(commitment.endsAt, now),
        state: commitmentState(dates, now),
        share_percent: part.share * 100,
        covered_on_demand_usd: part.coveredOnDemand,
        covered_hours: part.coveredHours,
        cost_usd: part.cost,
        net_savings_usd: part.netSavings,
      },
    ];
  });
}
