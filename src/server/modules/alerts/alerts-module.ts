import type { FastifyInstance } from 'fastify';
import { resolveAuthSecret } from '../../auth/auth-secret.ts';
import type { AppContext } from '../../context.ts';
import { evaluateOrganizationJob } from '../../jobs/evaluate-organization.job.ts';
import { sendJob } from '../../jobs/job-definition.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { BudgetCommitmentEnds } from '../commitments/commitment-budget-ends.ts';
import type { CostDataService } from '../cost-data/cost-data.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import type { IdleEc2Finding } from '../recommendations/idle-findings.ts';
import { createAlertDelivery } from './alert-delivery.ts';
import { createAlertDigests } from './alert-digests.ts';
import { createAlertEvaluation } from './alert-evaluation.ts';
import { createAlertLinkTokens, createSecretBox } from './alert-link-tokens.ts';
import { alertLinksRoutes } from './alert-links.routes.ts';
import { createAlertLinksService } from './alert-links.service.ts';
import { createAlertRulesService } from './alert-rules.service.ts';
import { createAlertSettingsConfig } from './alert-settings-config.ts';
import { alertsRoutes } from './alerts.routes.ts';
import type { CommitmentFactsSource, CommitmentPartsSource } from './commitment-evaluation.ts';
import { createDigestSectionsSource, type OpenFindingsSource } from './digest-sections-source.ts';
import { type LaunchAlertActions, tellAlertThread } from './launch-alert-actions.ts';
import type { LaunchChangesStored, LiveLedgerSource, LiveSpendSource } from './live-ledger-source.ts';
import { createNotificationsService } from './notifications.service.ts';
import { slackRoutes } from './slack.routes.ts';
import { createSlackService } from './slack.service.ts';
import { slackInteractionsRoutes } from './slack-interactions.routes.ts';
import { createSlackInteractions } from './slack-interactions.ts';
import { webhookEndpointsRoutes } from './webhook-endpoints.routes.ts';
import { createWebhookEndpointsService } from './webhook-endpoints.service.ts';

/**
 * Alerts in one place: budgets and rules, evaluation after each ingest and on schedule, delivery
 * workers, token links and Slack. app.ts calls this once and registers its routes.
 */
export async function createAlerts(deps: {
  context: AppContext;
  mailer: Mailer;
  organizations: OrganizationsService;
  billing: BillingService;
  costData: Pick<CostDataService, 'slices'>;
  listIdleFindings: (organizationId: string) => Promise<IdleEc2Finding[]>;
  /** The launch-events module's live ledger: launch rules and budgets' live forecasts read it. */
  liveLedger?: LiveLedgerSource;
  /** The usage meter's readings: live-spend rules and budgets' live forecasts read them (docs/decisions/096). */
  liveSpend?: LiveSpendSource;
  /** The commitments module's facts for commitments rules (docs/decisions/105) and the digest. */
  commitments?: CommitmentFactsSource;
  /** The commitments module's part of a commitment billed outside a team's accounts, for its digest (decision 139). */
  commitmentParts?: CommitmentPartsSource;
  /** The commitments module's ends within a budget's period: budgets' forecasts add them (decision 137). */
  commitmentEnds?: BudgetCommitmentEnds;
  /** The stop a launch alert offers, and its link (decision 111); off when absent. */
  launchActions?: LaunchAlertActions;
  /** The recommendations module's open findings in a scope: the digest's waste (docs/decisions/113). */
  openFindings?: OpenFindingsSource;
}) {
  const { context, mailer, organizations, billing, costData, liveLedger, liveSpend } = deps;
  const teamScope = organizations.teamCostScope;
  const { db } = context.database;
  const secret = resolveAuthSecret(context.config);
  const tokens = createAlertLinkTokens(secret, () => context.clock.now().getTime());
  const secrets = createSecretBox(secret);
  const webhooks = {
    secrets: createSecretBox(secret, 'webhook-secrets'),
    policy: context.config.alerts.webhooks,
  };
  const publicUrl = context.config.publicUrl;
  const now = () => context.clock.now();
  // A changed budget or rule is evaluated by a worker (jobs/evaluate-organization.job.ts), or here without a queue.
  const evaluateAfterChange = (organizationId: string) => {
    const queue = context.queue;
    const evaluated = queue
      ? sendJob(queue, evaluateOrganizationJob, { organizationId })
      : evaluation.evaluateOrganization(organizationId);
    evaluated.catch((error: unknown) => {
      context.log.error({ err: error, organizationId }, 'alert evaluation after a rule change failed');
    });
  };
  const rules = createAlertRulesService(db, costData.slices, billing, evaluateAfterChange, {
    now,
    liveLedger,
    liveSpend,
    teamScope,
    viewerScope: organizations.costScopeFor,
    commitmentEnds: deps.commitmentEnds,
  });
  billing.registerUsageCounter('budgets', rules.countBudgets);
  billing.registerUsageCounter('alertRules', rules.countRules);
  const delivery = createAlertDelivery({
    db,
    queue: context.queue,
    mailer,
    tokens,
    secrets,
    organizations,
    billing,
    publicUrl,
    slack: {
      apiUrl: context.config.alerts.slack.apiUrl,
      interactive: Boolean(context.config.alerts.slack.signingSecret),
    },
    webhooks,
    launchActions: deps.launchActions,
    log: context.log,
    now,
  });
  const endpoints = createWebhookEndpointsService({ db, ...webhooks, billing, delivery, now });
  const evaluation = createAlertEvaluation({
    log: context.log,
    db,
    spend: costData.slices,
    billing,
    delivery,
    listIdleFindings: deps.listIdleFindings,
    liveLedger,
    liveSpend,
    commitments: deps.commitments,
    commitmentEnds: deps.commitmentEnds,
    teamScope,
    now,
  });
  const notifications = createNotificationsService({
    db,
    organizations,
    billing,
    mailer,
    tokens,
    publicUrl,
    now,
  });
  const links = createAlertLinksService(db, tokens, now);
  /** Budgets as code: the config module reads and writes through this in its transaction. */
  const settingsConfig = createAlertSettingsConfig({
    billing,
    afterChange: evaluateAfterChange,
    askToConfirm: notifications.askToConfirm,
    now,
  });
  const digests = createAlertDigests({
    db,
    spend: costData.slices,
    mailer,
    billing,
    organizations,
    publicUrl,
    delivery,
    sections: createDigestSectionsSource({
      db,
      liveSpend,
      commitments: deps.commitments,
      commitmentParts: deps.commitmentParts,
      openFindings: deps.openFindings,
    }),
    now,
  });
  // Slack's interactive buttons on a launch alert, verified by the app's signing secret (decision 132).
  const slackInteractions = createSlackInteractions({
    db,
    secrets,
    settings: context.config.alerts.slack,
    actions: deps.launchActions,
    publicUrl,
    now,
    log: context.log,
  });
  const slack = createSlackService({
    db,
    config: context.config,
    secrets,
    billing,
    delivery,
    stateSecret: secret,
    now,
  });

  /**
   * Right after fresh launch changes are stored: the organization's launch rules, evaluated here and now
   * (no queue hop, no spend reading), so the alert is on its way within seconds. Budgets' forecast
   * thresholds with the live run-rate follow on the next scheduled pass. A web node (the API
   * destination's POST) leaves evaluation to the workers (decision 037). A failure is logged.
   */
  async function evaluateFreshLaunches(event: LaunchChangesStored): Promise<void> {
    if (event.fresh.length === 0) return;
    const { queue } = context;
    const evaluated =
      queue && !context.config.role.runsJobs
        ? sendJob(queue, evaluateOrganizationJob, { organizationId: event.organizationId })
        : evaluation.evaluateLaunches(event.organizationId);
    await evaluated.catch((error: unknown) => {
      context.log.error(
        { err: error, organizationId: event.organizationId },
        'launch alert evaluation failed',
      );
    });
  }

  /**
   * Right after a meter read stored periods: the organization's live-spend rules, evaluated here and now,
   * as fresh launches are (a web node, which runs no meter, never gets here). A failure is logged.
   */
  async function evaluateFreshMeterRead(event: { organizationId: string }): Promise<void> {
    await evaluation.evaluateLiveSpend(event.organizationId).catch((error: unknown) => {
      context.log.error(
        { err: error, organizationId: event.organizationId },
        'live-spend alert evaluation failed',
      );
    });
  }

  return {
    rules,
    notifications,
    evaluation,
    delivery,
    links,
    slack,
    digests,
    settingsConfig,
    evaluateFreshLaunches,
    evaluateFreshMeterRead,
    /** After an action on an alert's resources: a reply in the alert mail's thread (decision 111). */
    tellThread: (event: { notificationId: string; actionId: string; summary: string; lines: string[] }) =>
      tellAlertThread({ db, mailer, publicUrl, postToSlack: delivery.postToSlack }, event),
    /** Webhook and Teams endpoints (decision 058): `list(viewer)`, `listOfOrganization(id)`. */
    endpoints,
    async registerRoutes(app: FastifyInstance) {
      await app.register(alertsRoutes, { rules, notifications, digests });
      await app.register(slackRoutes, { slack });
      await app.register(slackInteractionsRoutes, { interactions: slackInteractions });
      await app.register(alertLinksRoutes, { links });
      await app.register(webhookEndpointsRoutes, { endpoints });
    },
  };
}

export type Alerts = Awaited<ReturnType<typeof createAlerts>>;
