/**
 * A checked document against the organization as it is: names used once, references that
 * resolve, then the changes (src/domain/config-plan.ts) and the writes each owning module makes.
 */
import {
  CONFIG_SECTION,
  type ConfigAlertRule,
  type ConfigBudget,
  type ConfigDocument,
  type ConfigSection,
  type ConfigTeam,
  NAMED_CONFIG_SECTIONS,
  type NamedConfigSection,
} from '../../../contracts/config.ts';
import { firstRepeatedName } from '../../../domain/config-document-paths.ts';
import { diffNamedObjects, diffSingleObject, type ObjectChange } from '../../../domain/config-plan.ts';
import { ApiError } from '../../plugins/errors.ts';
import type { AlertSettingsWrites, BudgetSetting, RuleSetting } from '../alerts/alert-settings-config.ts';
import type { TeamSetting, TeamsWrites } from '../organizations/teams-config.ts';
import { canonicalDocument } from './config-canonical.ts';
import { documentError } from './config-document.ts';
import type { OrganizationConfig } from './config-state.ts';

export interface PreparedConfig {
  current: OrganizationConfig;
  changes: ObjectChange<ConfigSection>[];
  teamWrites: TeamsWrites;
  /** Launch rules name teams by slug; the ids of teams the same apply creates are known only after it. */
  alertWrites(teamIdOf: (slug: string) => string | null): AlertSettingsWrites;
}

const {
  teams: TEAMS,
  budgets: BUDGETS,
  alertRules: ALERT_RULES,
  notifications: NOTIFICATIONS,
} = CONFIG_SECTION;
const keyFieldOf = (section: NamedConfigSection) => (section === TEAMS ? 'slug' : 'name');
const keyOf = (section: NamedConfigSection) => (item: ConfigTeam | ConfigBudget | ConfigAlertRule) =>
  section === TEAMS ? (item as ConfigTeam).slug : (item as ConfigBudget).name;

/** Each name once in the file, and once in the organization (the app allows two budgets of one name; a file cannot tell them apart). */
function checkNames(desired: ConfigDocument, current: OrganizationConfig): void {
  for (const section of NAMED_CONFIG_SECTIONS) {
    const written = desired[section];
    if (!written) continue;
    const names = written.map(keyOf(section));
    const repeated = firstRepeatedName(names);
    if (repeated) {
      throw documentError(
        [section, repeated.index, keyFieldOf(section)],
        `"${names[repeated.index]}" is already used by ${section}[${repeated.firstIndex}]`,
      );
    }
    const stored = current.document[section].map(keyOf(section));
    const twice = firstRepeatedName(stored);
    if (twice) {
      throw new ApiError(
        409,
        'DuplicateName',
        `${section}: this organization has more than one named "${stored[twice.index]}"; rename one in the app first.`,
      );
    }
  }
}

function checkReferences(desired: ConfigDocument, current: OrganizationConfig): void {
  for (const [teamIndex, team] of (desired.teams ?? []).entries()) {
    for (const [index, email] of team.members.entries()) {
      if (!current.teams.memberIdsByEmail.has(email)) {
        throw documentError(
          [TEAMS, teamIndex, 'members', index],
          `${email} is not a member of this organization`,
        );
      }
    }
  }
  const teamSlugs = new Set((desired.teams ?? current.document.teams).map((team) => team.slug));
  for (const [index, rule] of (desired.alert_rules ?? []).entries()) {
    if (rule.kind !== 'launch' || rule.settings.team === null || teamSlugs.has(rule.settings.team)) continue;
    const where = desired.teams ? "this file's teams" : 'this organization';
    throw documentError(
      [ALERT_RULES, index, 'settings', 'team'],
      `no team "${rule.settings.team}" in ${where}`,
    );
  }
  if (desired.notifications?.slack && !current.alerts.slack) {
    throw documentError(
      [NOTIFICATIONS, 'slack'],
      'Slack is not connected; connect it in Settings first (the file routes alerts, it holds no webhook)',
    );
  }
}

function diffDocument(wanted: ConfigDocument, current: OrganizationConfig): ObjectChange<ConfigSection>[] {
  const now = current.document;
  const changes: ObjectChange<ConfigSection>[] = [];
  if (wanted.teams) changes.push(...diffNamedObjects(TEAMS, now.teams, wanted.teams, (team) => team.slug));
  if (wanted.budgets) changes.push(...diffNamedObjects(BUDGETS, now.budgets, wanted.budgets, (b) => b.name));
  if (wanted.alert_rules) {
    changes.push(...diffNamedObjects(ALERT_RULES, now.alert_rules, wanted.alert_rules, (rule) => rule.name));
  }
  if (wanted.notifications) {
    const { recipients = [], slack } = now.notifications ?? {};
    // Slack left out of the file is left alone, so it is left out of the comparison too.
    const before = wanted.notifications.slack ? { recipients, slack } : { recipients };
    changes.push(diffSingleObject(NOTIFICATIONS, before, wanted.notifications));
  }
  return changes;
}

const namesOf = (changes: ObjectChange[], section: ConfigSection, action: ObjectChange['action']) =>
  new Set(changes.filter((c) => c.section === section && c.action === action).map((c) => c.name));

function idsByName<T extends { id: string }>(items: T[], nameOf: (item: T) => string) {
  return new Map(items.map((item) => [nameOf(item), item.id]));
}

/** Creates, updates (with the stored id) and deletes of one section, from its changes. */
function sectionWrites<W, T>(
  changes: ObjectChange[],
  section: ConfigSection,
  wanted: readonly W[],
  nameOf: (item: W) => string,
  ids: Map<string, string>,
  toSetting: (item: W) => T,
) {
  const [create, update, remove] = (['create', 'update', 'delete'] as const).map((action) =>
    namesOf(changes, section, action),
  ) as [Set<string>, Set<string>, Set<string>];
  return {
    create: wanted.filter((item) => create.has(nameOf(item))).map(toSetting),
    update: wanted
      .filter((item) => update.has(nameOf(item)))
      .map((item) => ({ ...toSetting(item), id: ids.get(nameOf(item)) ?? '' })),
    delete: [...remove].map((name) => ids.get(name) ?? ''),
  };
}

const budgetSetting = (budget: ConfigBudget): BudgetSetting => ({
  name: budget.name,
  amount: budget.amount_usd,
  period: budget.period,
  costBasis: budget.cost_basis,
  filter: budget.filter,
  thresholds: budget.thresholds,
  paused: budget.paused,
});

function ruleSetting(rule: ConfigAlertRule, teamIdOf: (slug: string) => string | null): RuleSetting {
  let settings = rule.settings as Record<string, unknown>;
  if (rule.kind === 'launch') {
    const { team, ...conditions } = rule.settings;
    settings = { team_id: team === null ? null : teamIdOf(team), ...conditions };
  }
  return { kind: rule.kind, name: rule.name, settings, filter: rule.filter, paused: rule.paused };
}

export function prepareConfig(desired: ConfigDocument, current: OrganizationConfig): PreparedConfig {
  checkNames(desired, current);
  checkReferences(desired, current);
  const wanted = canonicalDocument(desired);
  const changes = diffDocument(wanted, current);
  const memberIds = current.teams.memberIdsByEmail;
  const teamWrites = sectionWrites(
    changes,
    TEAMS,
    wanted.teams ?? [],
    (team) => team.slug,
    idsByName(current.teams.teams, (team) => team.slug),
    (team): TeamSetting => ({
      slug: team.slug,
      name: team.name,
      memberIds: team.members.map((email) => memberIds.get(email) ?? ''),
      scope: { accountIds: team.scope.account_ids, tags: team.scope.tags },
    }),
  );
  const notifications = changes.find((change) => change.section === NOTIFICATIONS);
  return {
    current,
    changes,
    teamWrites,
    alertWrites: (teamIdOf) => ({
      budgets: sectionWrites(
        changes,
        BUDGETS,
        wanted.budgets ?? [],
        (budget) => budget.name,
        idsByName(current.alerts.budgets, (budget) => budget.name),
        budgetSetting,
      ),
      rules: sectionWrites(
        changes,
        ALERT_RULES,
        wanted.alert_rules ?? [],
        (rule) => rule.name,
        idsByName(current.alerts.rules, (rule) => rule.name),
        (rule) => ruleSetting(rule, teamIdOf),
      ),
      ...(notifications?.action === 'update' && {
        recipients: wanted.notifications?.recipients,
        slack: wanted.notifications?.slack && {
          channel: wanted.notifications.slack.channel,
          alertKinds: wanted.notifications.slack.alert_kinds,
          digest: wanted.notifications.slack.digest,
        },
      }),
    }),
  };
}
