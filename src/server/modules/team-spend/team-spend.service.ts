import type { TeamSpend } from '../../../contracts/teams.ts';
import { worstThresholdState } from '../../../domain/budgets.ts';
import { restrictsSpend, UNRESTRICTED, watchesWithinScope } from '../../../domain/cost-scope.ts';
import type { Viewer } from '../../auth/viewer.ts';
import { notFound } from '../../plugins/errors.ts';
import type { AlertRulesService } from '../alerts/alert-rules.service.ts';
import type { BillingDataService } from '../billing-data/billing-data.service.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import type { TeamsService } from '../organizations/teams.service.ts';

/** A team's own spend this month (its scope on the default integration) and its budgets' state. */
export function createTeamSpendService(deps: {
  teams: Pick<TeamsService, 'users'>;
  organizations: Pick<OrganizationsService, 'myCostScope'>;
  billingData: Pick<BillingDataService, 'monthOfScope'>;
  budgets: Pick<AlertRulesService, 'listBudgets'>;
}) {
  return {
    async ofTeam(viewer: Viewer, slug: string): Promise<TeamSpend> {
      const { team } = await deps.teams.users(viewer, { slug });
      // A member who sees only their teams' spend sees no other team's: it is not found for them.
      const mine = await deps.organizations.myCostScope(viewer);
      if (mine.restricted && !mine.teams.some((own) => own.id === team.id)) throw notFound('Team spend');
      const teamScope = { accountIds: team.scope.account_ids, tags: team.scope.tags };
      const owned = restrictsSpend(teamScope);
      const [month, budgets] = await Promise.all([
        deps.billingData.monthOfScope(viewer, owned ? { restricted: true, ...teamScope } : UNRESTRICTED),
        deps.budgets.listBudgets(viewer),
      ]);
      const teamBudgets = owned
        ? budgets.filter((budget) =>
            watchesWithinScope({ accountIds: budget.filter.account_ids, tag: budget.filter.tag }, teamScope),
          )
        : [];
      return {
        whole_organization: !owned,
        month,
        budgets: teamBudgets.map((budget) => ({
          id: budget.id,
          name: budget.name,
          period: budget.period,
          amount_usd: budget.amount_usd,
          actual_usd: budget.status.actual_usd,
          forecast_usd: budget.status.forecast_usd,
          percent_used: budget.status.percent_used,
          paused: budget.paused,
          state: worstThresholdState(budget.status.thresholds.map((threshold) => threshold.state)),
        })),
      };
    },
  };
}

export type TeamSpendService = ReturnType<typeof createTeamSpendService>;
