/**
 * Budgets as code (decision 057): export the organization as a document, plan what a document
 * would change, apply it in one transaction. The owning modules read, check and write their own
 * objects (alerts: budgets, rules, routes; organizations: teams); this service compares and orders.
 */
import type { Kysely } from 'kysely';
import { CONFIG_DOCUMENT_VERSION, type ConfigDocument, type ConfigPlan } from '../../../contracts/config.ts';
import { changesAnything, countActions, type ObjectChange } from '../../../domain/config-plan.ts';
import { managesOrganization } from '../../../domain/organization-roles.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { forbidden } from '../../plugins/errors.ts';
import type { AlertSettingsConfig } from '../alerts/alert-settings-config.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import type { TeamsConfig } from '../organizations/teams-config.ts';
import { lockOrganizationConfig } from './config.repository.ts';
import { checkConfigDocument } from './config-document.ts';
import { type PreparedConfig, prepareConfig } from './config-preparation.ts';
import { readOrganizationConfig } from './config-state.ts';

/**
 * Reading is open to every member who sees all spend: the document is the whole organization's, so a
 * member limited to teams, who sees only their budgets and rules, is refused it rather than given a part
 * that would delete the rest if applied. Changing is for owners and admins.
 */
function requireConfigManager(viewer: Viewer): void {
  if (viewer.isDemo) throw forbidden('The demo account cannot apply a configuration.');
  if (!managesOrganization(viewer.organizationRole)) {
    throw forbidden('Only owners and admins can plan or apply a configuration.');
  }
}

const answer = (changes: ObjectChange[], applied: boolean): ConfigPlan => ({
  version: CONFIG_DOCUMENT_VERSION,
  applied,
  summary: countActions(changes),
  changes: changes as ConfigPlan['changes'],
});

export function createConfigService(deps: {
  db: Kysely<DatabaseSchema>;
  teams: TeamsConfig;
  alerts: AlertSettingsConfig;
  organizations: Pick<OrganizationsService, 'costScopeFor'>;
}) {
  const { db, teams, alerts, organizations } = deps;
  const sources = { teams, alerts };

  async function prepare(on: Kysely<DatabaseSchema>, viewer: Viewer, desired: ConfigDocument) {
    return prepareConfig(desired, await readOrganizationConfig(on, viewer.organizationId, sources));
  }

  async function assertAllowed(viewer: Viewer, prepared: PreparedConfig): Promise<void> {
    await teams.assertAllowed(viewer, prepared.teamWrites);
    // Team ids do not matter to the role, feature and limit checks.
    await alerts.assertAllowed(
      viewer,
      prepared.current.alerts,
      prepared.alertWrites(() => null),
    );
  }

  return {
    /** The whole organization in canonical form (the route renders it as YAML or JSON). */
    async export(viewer: Viewer): Promise<ConfigDocument> {
      if ((await organizations.costScopeFor(viewer)).restricted) {
        throw forbidden(
          "Your teams limit the spend you see; the organization's whole configuration is exported by owners, admins and members who see all spend.",
        );
      }
      return (await readOrganizationConfig(db, viewer.organizationId, sources)).document;
    },

    async plan(viewer: Viewer, written: unknown): Promise<ConfigPlan> {
      requireConfigManager(viewer);
      const prepared = await prepare(db, viewer, checkConfigDocument(written));
      return answer(prepared.changes, false);
    },

    /**
     * The checks run on the organization as it is; the writes run on a fresh reading inside the
     * transaction (locked per organization), so two applies never interleave and a second apply of the
     * same file finds nothing to change.
     */
    async apply(viewer: Viewer, written: unknown): Promise<ConfigPlan> {
      requireConfigManager(viewer);
      const desired = checkConfigDocument(written);
      await assertAllowed(viewer, await prepare(db, viewer, desired));
      const { changes, applied } = await db.transaction().execute(async (trx) => {
        await lockOrganizationConfig(trx, viewer.organizationId);
        const inside = await prepare(trx, viewer, desired);
        if (!changesAnything(inside.changes)) return { changes: inside.changes, applied: null };
        const teamIds = await teams.write(trx, viewer.organizationId, inside.teamWrites);
        const alertWrites = inside.alertWrites((slug) => teamIds.get(slug) ?? null);
        return { changes: inside.changes, applied: await alerts.write(trx, viewer, alertWrites) };
      });
      if (applied) await alerts.afterCommit(viewer, applied);
      return answer(changes, true);
    },
  };
}

export type ConfigService = ReturnType<typeof createConfigService>;
