/**
 * Who owns a finding: the team whose scope holds the resource (`cost-scope.ts`). A team that owns one
 * of the resource's tag pairs is a closer owner than a team that owns its whole account.
 */

import { isCostInScope, restrictsSpend, type ScopedCost, type TeamCostScope } from './cost-scope.ts';

export interface ScopedTeam {
  teamId: string;
  name: string;
  scope: TeamCostScope;
}

export interface FindingOwner {
  teamId: string;
  name: string;
  /** How the team was matched, for the finding's explanation. */
  matchedBy: string;
}

export function findingOwner(resource: ScopedCost, teams: readonly ScopedTeam[]): FindingOwner | null {
  const scoped = teams.filter((team) => restrictsSpend(team.scope));
  for (const team of scoped) {
    const tag = team.scope.tags.find((pair) => resource.tags[pair.key] === pair.value);
    if (tag) return { teamId: team.teamId, name: team.name, matchedBy: `tag ${tag.key}=${tag.value}` };
  }
  for (const team of scoped) {
    if (isCostInScope({ restricted: true, accountIds: team.scope.accountIds, tags: [] }, resource))
      return { teamId: team.teamId, name: team.name, matchedBy: `account ${resource.usageAccountId}` };
  }
  return null;
}
