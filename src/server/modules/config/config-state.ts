/** The organization as a configuration document, with the ids each name stands for. */
import type { Kysely } from 'kysely';
import type { ConfigAlertRule, ConfigDocument } from '../../../contracts/config.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { StoredRule } from '../alerts/alert-rules.service.ts';
import type { AlertSettings, AlertSettingsConfig } from '../alerts/alert-settings-config.ts';
import type { OrganizationTeams, TeamsConfig } from '../organizations/teams-config.ts';
import { canonicalDocument } from './config-canonical.ts';

export interface OrganizationConfig {
  /** Every section, in canonical form: what an export shows. */
  document: Required<Omit<ConfigDocument, 'notifications'>> & Pick<ConfigDocument, 'notifications'>;
  teams: OrganizationTeams;
  alerts: AlertSettings;
}

/** A launch rule names its team by slug in the file, by id in the database. */
function ruleInDocument(rule: StoredRule, slugOf: Map<string, string>): ConfigAlertRule {
  const { team_id: teamId, ...settings } = rule.settings;
  const inFile =
    rule.kind === 'launch'
      ? { team: typeof teamId === 'string' ? (slugOf.get(teamId) ?? null) : null, ...settings }
      : rule.settings;
  return {
    name: rule.name,
    kind: rule.kind,
    settings: inFile,
    filter: rule.filter,
    paused: rule.paused,
  } as ConfigAlertRule;
}

export async function readOrganizationConfig(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  sources: { teams: TeamsConfig; alerts: AlertSettingsConfig },
): Promise<OrganizationConfig> {
  const teams = await sources.teams.read(db, organizationId);
  const alerts = await sources.alerts.read(db, organizationId);
  const slugOf = new Map(teams.teams.map((team) => [team.id, team.slug]));
  const document = canonicalDocument({
    version: 1,
    teams: teams.teams.map((team) => ({
      slug: team.slug,
      name: team.name,
      members: team.memberEmails,
      scope: { account_ids: team.scope.accountIds, tags: team.scope.tags },
    })),
    budgets: alerts.budgets.map((budget) => ({
      name: budget.name,
      amount_usd: budget.amount,
      period: budget.period,
      cost_basis: budget.costBasis,
      filter: budget.filter,
      thresholds: budget.thresholds,
      paused: budget.paused,
    })),
    alert_rules: alerts.rules.map((rule) => ruleInDocument(rule, slugOf)),
    notifications: {
      recipients: alerts.recipients,
      ...(alerts.slack && {
        slack: {
          channel: alerts.slack.channel,
          alert_kinds: alerts.slack.alertKinds,
          digest: alerts.slack.digest,
        },
      }),
    },
  });
  return { document: document as OrganizationConfig['document'], teams, alerts };
}
