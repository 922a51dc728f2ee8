/**
 * Which part of the organization's spend a person sees. A team may own a scope: usage
 * account ids and/or tag key=value pairs. Pure: the billing, budget and alert modules apply the answer.
 */

export interface TagPair {
  key: string;
  value: string;
}

/** What one team owns. Empty lists on both sides: the team does not restrict what its members see. */
export interface TeamCostScope {
  accountIds: string[];
  tags: TagPair[];
}

/** What one person sees: everything, or only costs matching one of these accounts or tag pairs. */
export type CostScope = { restricted: false } | { restricted: true; accountIds: string[]; tags: TagPair[] };

export const UNRESTRICTED: CostScope = { restricted: false };

export function restrictsSpend(scope: TeamCostScope): boolean {
  return scope.accountIds.length > 0 || scope.tags.length > 0;
}

const tagId = (tag: TagPair) => `${tag.key}\u0000${tag.value}`;

/** Trimmed, without blanks or repeats, in a stable order: what is stored and compared. */
export function normalizeTeamCostScope(scope: TeamCostScope): TeamCostScope {
  const accountIds = [...new Set(scope.accountIds.map((id) => id.trim()).filter(Boolean))].sort();
  const tagsById = new Map<string, TagPair>();
  for (const tag of scope.tags) {
    const clean = { key: tag.key.trim(), value: tag.value.trim() };
    if (clean.key && clean.value) tagsById.set(tagId(clean), clean);
  }
  const tags = [...tagsById.values()].sort((a, b) => tagId(a).localeCompare(tagId(b)));
  return { accountIds, tags };
}

/**
 * Owners and admins see the whole organization. A member sees the union of their teams' scopes; a member
 * in no team, or in any team that owns no scope, sees the whole organization (teams restrict, never hide
 * the organization from someone nobody placed in a scope).
 */
export function costScopeOf(role: string, teamScopes: TeamCostScope[]): CostScope {
  if (role === 'owner' || role === 'admin') return UNRESTRICTED;
  if (teamScopes.length === 0 || teamScopes.some((scope) => !restrictsSpend(scope))) return UNRESTRICTED;
  const union = normalizeTeamCostScope({
    accountIds: teamScopes.flatMap((scope) => scope.accountIds),
    tags: teamScopes.flatMap((scope) => scope.tags),
  });
  return { restricted: true, ...union };
}

/** One cost line as the billing data knows it: its usage account and its tags. */
export interface ScopedCost {
  usageAccountId: string;
  tags: Record<string, string>;
}

/** A cost is in scope when its account is one of the scope's accounts, or it carries one of its tag pairs. */
export function isCostInScope(scope: CostScope, cost: ScopedCost): boolean {
  if (!scope.restricted) return true;
  if (scope.accountIds.includes(cost.usageAccountId)) return true;
  return scope.tags.some((tag) => cost.tags[tag.key] === tag.value);
}

/** What a budget watches, as far as scopes are concerned: some accounts and/or one tag value. */
export interface WatchedSpend {
  accountIds: string[];
  tag: TagPair | null;
}

/**
 * Whether a budget belongs to a team: it watches only accounts the team owns, or a tag value the team
 * owns. A budget on all spend belongs to the organization, not to one team.
 */
export function watchesWithinScope(watched: WatchedSpend, scope: TeamCostScope): boolean {
  const owned = new Set(scope.accountIds);
  if (watched.accountIds.length > 0 && watched.accountIds.every((id) => owned.has(id))) return true;
  const tag = watched.tag;
  return tag !== null && scope.tags.some((pair) => pair.key === tag.key && pair.value === tag.value);
}

/**
 * Whether an alert rule is the viewer's to see: anyone who sees all spend sees every rule; a person limited
 * to teams sees a rule that watches only their spend, by its filter (as a budget) or, for a rule bound to a
 * team, by that team's whole scope lying inside theirs. A rule on all spend belongs to the organization.
 */
export function ruleWithinScope(
  rule: { filter: WatchedSpend; team: TeamCostScope | null },
  scope: CostScope,
): boolean {
  if (!scope.restricted) return true;
  if (watchesWithinScope(rule.filter, scope)) return true;
  const team = rule.team;
  if (!team || !restrictsSpend(team)) return false;
  const tags = new Set(scope.tags.map(tagId));
  return (
    team.accountIds.every((id) => scope.accountIds.includes(id)) &&
    team.tags.every((tag) => tags.has(tagId(tag)))
  );
}
