import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { resolveAuthSecret } from './auth/auth-secret.ts';
import { type CachedReads, createCachedReads } from './auth/cached-reads.ts';
import type { AppContext } from './context.ts';
import { createJobQueues, inlineSyncs, jobServicesOf, queuedSyncs, startJobs } from './jobs/index.ts';
import { sendJob } from './jobs/job-definition.ts';
import { stopWakingLocalWorkers } from './jobs/local-workers.ts';
import { startUsageMeter } from './jobs/meter-usage.job.ts';
import { pollLaunchEventsJob } from './jobs/poll-launch-events.job.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { authRoutes } from './modules/accounts/auth.routes.ts';
import { demoRoutes } from './modules/accounts/demo.routes.ts';
import { ensureDemoUser } from './modules/accounts/demo-account.ts';
import { createActionLinks } from './modules/actions/action-links.ts';
import { actionsRoutes } from './modules/actions/actions.routes.ts';
import { createActionsService } from './modules/actions/actions.service.ts';

import { createAlerts } from './modules/alerts/alerts-module.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { withApiTokens } from './modules/api-tokens/api-token-viewer-source.ts';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes.ts';
import { createApiTokensService } from './modules/api-tokens/api-tokens.service.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { createBillingService } from './modules/billing/billing.service.ts';
import { creditsRoutes } from './modules/billing/credits.routes.ts';
import { stripeWebhookRoutes } from './modules/billing/stripe-webhook.routes.ts';
import { billingDataRoutes } from './modules/billing-data/billing-data.routes.ts';
import { createBillingDataService } from './modules/billing-data/billing-data.service.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { createChatServices } from './modules/chat/chat-services.ts';
import { chatSocketRoutes } from './modules/chat/chat-socket.routes.ts';
import { supportInboxRoutes } from './modules/chat/support-inbox.routes.ts';
import { commitmentsRoutes } from './modules/commitments/commitments.routes.ts';
import { createCommitmentsService } from './modules/commitments/commitments.service.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { createConfigService } from './modules/config/config.service.ts';
import { consultationsRoutes } from './modules/consultations/consultations.routes.ts';
import { createConsultationsService } from './modules/consultations/consultations.service.ts';
import { createCostDataService } from './modules/cost-data/cost-data.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { awsIntegrationsRoutes } from './modules/integrations/aws-integrations.routes.ts';
import { createAwsSetupService } from './modules/integrations/aws-setup.service.ts';
import { createAwsSyncService } from './modules/integrations/aws-sync.service.ts';
import { integrationsRoutes } from './modules/integrations/integrations.routes.ts';
import { createIntegrationsService } from './modules/integrations/integrations.service.ts';
import { awsEventsRoutes } from './modules/launch-events/aws-events.routes.ts';
import { demoBurstRoutes } from './modules/launch-events/demo-burst.routes.ts';
import { launchEventsRoutes } from './modules/launch-events/launch-events.routes.ts';
import { createLaunchEventsService } from './modules/launch-events/launch-events.service.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { outboxRoutes } from './modules/mail/outbox.routes.ts';
import { createInvitationAcceptanceService } from './modules/organizations/invitation-acceptance.service.ts';
import { createInvitationCodes } from './modules/organizations/invitation-codes.ts';
import { invitationsRoutes } from './modules/organizations/invitations.routes.ts';
import { createInvitationsService } from './modules/organizations/invitations.service.ts';
import { membersRoutes } from './modules/organizations/members.routes.ts';
import { createMembersService } from './modules/organizations/members.service.ts';
import { organizationsRoutes } from './modules/organizations/organizations.routes.ts';
import { createOrganizationsService } from './modules/organizations/organizations.service.ts';
import { teamsRoutes } from './modules/organizations/teams.routes.ts';
import { createTeamsService } from './modules/organizations/teams.service.ts';
import { createTeamsConfig } from './modules/organizations/teams-config.ts';
import { recommendationsRoutes } from './modules/recommendations/recommendations.routes.ts';
import { createRecommendationsService } from './modules/recommendations/recommendations.service.ts';
import { teamSpendRoutes } from './modules/team-spend/team-spend.routes.ts';
import { createTeamSpendService } from './modules/team-spend/team-spend.service.ts';
import { createLiveSpendReadings } from './modules/usage-meter/live-spend-readings.ts';
import { usageMeterRoutes } from './modules/usage-meter/usage-meter.routes.ts';
import { createUsageMeterService } from './modules/usage-meter/usage-meter.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { registerAuthentication } from './plugins/authentication.ts';
import { registerCachedReadsInvalidation } from './plugins/cached-reads-invalidation.ts';
import { registerCanonicalPaths } from './plugins/canonical-paths.ts';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors.ts';
import { registerLoadShedding } from './plugins/load-shedding.ts';
import { registerNulCharacterCheck } from './plugins/nul-characters.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { registerHealthOnly } from './plugins/worker-node.ts';

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies in front of the server. */
function proxyTrust(setting: false | number | string[]) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/**
 * A request's id in the logs: the proxy's `X-Request-Id` only when the operator trusts a proxy
 * (TRUST_PROXY), and only a short plain one; otherwise our own. A client never writes its own log id.
 */
function requestIdFrom(trustsProxy: boolean) {
  return (request: { headers: Record<string, string | string[] | undefined> }): string => {
    const given = request.headers['x-request-id'];
    if (trustsProxy && typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given)) return given;
    return randomUUID();
  };
}

/**
 * On the embedded database a write may hold its one connection for a month's swap (decision 064): a
 * permission read that has not answered in 10 ms is answered by its last value, up to 30 s old.
 */
const EMBEDDED_DATABASE_BUSY = { graceMs: 10, limitMs: 30_000 };

/** The whole HTTP application: cross-cutting plugins first, then each module's routes, then the SPA. */
export async function buildApp(
  context: AppContext,
  options: {
    logger?: FastifyBaseLogger;
    onRoute?: (route: RouteOptions) => void;
    /** This node's cached session and permission reads (tests pass one with their own clock). */
    cachedReads?: CachedReads;
  } = {},
) {
  const app = Fastify({
    loggerInstance: options.logger,
    trustProxy: proxyTrust(context.config.trustProxy),
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: requestIdFrom(context.config.trustProxy !== false),
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  // Tests read the route table as it is built (every route, including plugins' own).
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // First of all hooks: the path every later rule sees is the path served (a non-canonical one is a 400),
  // then a request shed under overload costs no headers, counters or session reads.
  registerCanonicalPaths(app);
  if (!context.config.role.servesWeb) registerHealthOnly(app);
  registerLoadShedding(app, { maxInFlight: context.config.apiMaxInFlight });
  registerNulCharacterCheck(app);
  const { schedulingUrl, chat: chatConfig } = context.config;
  await registerSecurity(app, {
    frameSources: schedulingUrl ? [new URL(schedulingUrl).origin] : [],
    apiRequestsPerMinute: context.config.apiRateLimitPerMinute,
  });
  await registerApiDocs(app, context.config.version);
  // A frame over 16 KiB closes the socket (1009); the 2,000-character cap answers with an error frame.
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });

  await app.register(multipart, { limits: { fileSize: context.config.uploadMaxBytes } });

  const { db } = context.database;
  if (context.queue) await createJobQueues(context.queue);
  const mailer = createMailer(context);
  // Sessions, memberships, plans, scopes and time zones read at most once a second per key (decision 052).
  const reads =
    options.cachedReads ??
    createCachedReads({
      ttlMs: context.config.permissionCacheMs,
      busy: context.database.kind === 'pglite' ? EMBEDDED_DATABASE_BUSY : undefined,
    });
  registerCachedReadsInvalidation(app, reads);
  const organizations = createOrganizationsService(db, reads);
  const codes = createInvitationCodes(resolveAuthSecret(context.config));
  const now = () => context.clock.now();
  const invitations = createInvitationsService({
    db,
    mailer,
    codes,
    publicUrl: context.config.publicUrl,
    now,
  });
  const invitationAcceptance = createInvitationAcceptanceService({ db, codes, organizations, now });
  const accounts = createAccountsService(context, mailer, organizations, invitationAcceptance, reads);
  const billing = createBillingService(context, organizations, reads);
  billing.registerUsageCounter('members', organizations.countMembers);
  const users = createUsersService(db, accounts, organizations, billing, reads);
  const members = createMembersService(db, organizations);
  const teams = createTeamsService(db, billing.assertFeature);
  const costData = createCostDataService(db, context.log, context.config.ingestion);
  const integrations = createIntegrationsService(context, costData, {
    aws: context.aws,
    assertWithinLimit: billing.assertWithinLimit,
    planInForce: async (organizationId) => (await billing.entitlements(organizationId)).planInForce,
    reads,
    scopes: organizations,
  });
  const recommendations = createRecommendationsService(context, {
    costSlices: costData.slices,
    scopes: organizations,
  });
  // Organization API tokens answer `Bearer sg_…` before the session lookup (decision 056).
  const apiTokens = createApiTokensService(db, {
    now,
    requestsPerMinute: context.config.apiTokenRateLimitPerMinute,
  });
  registerAuthentication(app, withApiTokens(apiTokens, accounts), context.config.publicUrl);
  const chatServices = await createChatServices(context, mailer);
  app.addHook('onClose', () => chatServices.close());
  const consultations = createConsultationsService(context.database.db, schedulingUrl);

  await app.register(healthRoutes, { context });
  await app.register(analyticsRoutes, { context });
  await app.register(authRoutes, { context, accounts });
  await app.register(demoRoutes, { context, accounts, billing });
  await app.register(usersRoutes, { users });
  const connectRateLimitPerIp = chatConfig.connectRateLimitPerIp;
  await app.register(chatRoutes, {
    chat: chatServices.chat,
    connectRateLimitPerIp,
    assertSubscriptionActive: billing.assertSubscriptionActive,
  });
  await app.register(chatSocketRoutes, { services: chatServices, accounts, connectRateLimitPerIp });
  await app.register(supportInboxRoutes, { inbox: chatServices.inbox });
  await app.register(consultationsRoutes, { consultations });
  await app.register(billingRoutes, { billing });
  await app.register(creditsRoutes, { credits: billing.credits });
  await app.register(stripeWebhookRoutes, { billing });
  await app.register(organizationsRoutes, { organizations });
  await app.register(membersRoutes, { members, teams });
  await app.register(invitationsRoutes, { invitations, invitationAcceptance });
  await app.register(teamsRoutes, { teams });
  await app.register(apiTokensRoutes, { apiTokens });
  await app.register(outboxRoutes, { context });
  await app.register(recommendationsRoutes, { recommendations });

  // --- AWS integrations: uploads, syncs on a schedule, the demo account ---
  billing.registerUsageCounter('integrations', integrations.countFor);
  // Savings Plans and reservations read from the bill (decision 098) and listed by the AWS APIs at each
  // sync (decision 122); the dashboard's forecast reads those ending within the month (decision 114).
  const commitments = createCommitmentsService({ context, costData, integrations, organizations });
  const awsSync = createAwsSyncService({
    context,
    access: context.aws ?? { region: context.config.aws.region },
    costData,
    runIngestion: integrations.runIngestion,
    storeEc2Inventory: recommendations.storeEc2Inventory,
    storeWasteInventory: recommendations.storeWasteInventory,
    storeCommitmentInventory: commitments.storeInventory,
    storeImportedRecommendations: recommendations.storeImportedRecommendations,
    refreshFindings: recommendations.refreshFindings,
  });
  const syncs = context.queue ? queuedSyncs(context.queue) : inlineSyncs(awsSync);
  let demo: { userId: string; organizationId: string } | undefined;
  if (context.aws?.demo && context.queue && context.config.role.runsJobs) {
    const demoUserId = await ensureDemoUser(db, accounts.auth);
    const demoOrganization = await organizations.organizationForNewSession(demoUserId);
    if (demoOrganization) demo = { userId: demoUserId, organizationId: demoOrganization };
    const demoIntegration = demoOrganization && (await integrations.connectDemoFor(demoOrganization));
    if (demoIntegration) await syncs.request(demoIntegration, { force: true });
  }
  const awsSetup = createAwsSetupService({
    integrations,
    aws: context.aws,
    publicUrl: context.config.publicUrl,
  });
  await app.register(integrationsRoutes, { integrations });
  await app.register(awsIntegrationsRoutes, { integrations, setup: awsSetup, syncs });

  // The dashboard's billing query: one read over the cost rollups, cached per integration.
  const billingData = createBillingDataService({
    context,
    billing,
    organizations,
    integrations,
    users,
    costData,
    commitments,
  });
  await app.register(billingDataRoutes, { billingData });

  // --- early warning: launch events in (queue poller, API destination), the live ledger out ---
  const launchEvents = createLaunchEventsService({
    context,
    integrations,
    organizations,
    costData,
    recommendations,
  });
  app.addHook('onClose', async () => launchEvents.stopPolling());
  const { queue } = context;
  await app.register(launchEventsRoutes, { launchEvents });
  await app.register(awsEventsRoutes, { launchEvents });
  await app.register(demoBurstRoutes, { launchEvents });
  // The live meter of usage-driven spend (decision 091): CloudWatch usage metrics read every few minutes.
  const usageMeter = createUsageMeterService({
    context,
    integrations,
    costData,
    launches: launchEvents,
    organizations,
  });
  await app.register(usageMeterRoutes, { usageMeter });
  await app.register(commitmentsRoutes, { commitments });
  // What alerts read of the meter (decision 096): generic readings, and a signal when a read stored periods.
  const liveSpendReadings = createLiveSpendReadings({ context, usageMeter, integrations });
  // Actions on customer resources through the opt-in action role (decision 102).
  const actionLinks = createActionLinks(resolveAuthSecret(context.config));
  const actions = createActionsService({ context, integrations, organizations, links: actionLinks });
  await app.register(actionsRoutes, { actions });

  // --- alerts: budgets, rules, evaluation after each ingest and on schedule, delivery, links, Slack ---
  const alerts = await createAlerts({
    context,
    mailer,
    organizations,
    billing,
    costData,
    listIdleFindings: recommendations.listIdleFindings,
    liveLedger: launchEvents,
    liveSpend: liveSpendReadings,
    commitments: commitments.alertFacts,
    commitmentParts: commitments.partsInScope,
    commitmentEnds: commitments.endingInBudgetPeriod,
    launchActions: actions,
    openFindings: recommendations.openFindingsIn,
  });
  await alerts.registerRoutes(app);
  // The demo organization warns of a costly launch out of the box (the GPU-burst button).
  if (demo) await alerts.rules.ensureDemoLaunchRule(demo.organizationId, demo.userId);
  // …and of metered usage running away (the NAT-egress-leak button), decision 096.
  if (demo) await alerts.rules.ensureDemoLiveSpendRule(demo.organizationId, demo.userId);
  // …and of its Savings Plan ending within 60 days, by mail (decision 105).
  if (demo) await alerts.rules.ensureDemoCommitmentsRule(demo.organizationId, demo.userId);
  members.registerAlertsReader(alerts.notifications.receivedBy);
  // --- end alerts ---

  // Budgets as code: teams from organizations, budgets, rules and routes from alerts.
  const config = createConfigService({
    db,
    teams: createTeamsConfig(billing.assertFeature),
    alerts: alerts.settingsConfig,
    organizations,
  });
  await app.register(configRoutes, { config });

  // A team's own spend and budgets, from the billing data and the budgets above.
  const teamSpend = createTeamSpendService({ teams, organizations, billingData, budgets: alerts.rules });
  await app.register(teamSpendRoutes, { teamSpend });

  // --- Reactions between modules: every subscription, listed in the order each signal runs them ---
  // (decision 088; docs/architecture.md, "Reactions between modules", mirrors this list.)
  // An AWS integration connected → its first sync at once, then its launch-events poller and its usage meter.
  integrations.onConnected(async (integrationId) => {
    await syncs.request(integrationId, { force: true });
  });
  if (queue) {
    integrations.onConnected(async (integrationId) => {
      await sendJob(queue, pollLaunchEventsJob, { integrationId });
    });
    integrations.onConnected((integrationId) => startUsageMeter(queue, integrationId));
  }
  // New facts, before their run is shown ended → the dashboard computes its kept answers again (decision 066).
  costData.beforeRunEndsWithNewFacts((event) => billingData.refreshAhead(event.integrationId));
  // Facts replaced (the ingest committed) → alerts evaluate that organization at once.
  costData.onFactsReplaced(async (event) => {
    await alerts.evaluation.evaluateOrganization(event.organizationId);
  });
  // Launch changes stored → alerts evaluate the organization's launch rules at once.
  launchEvents.onLaunchChanges((event) => alerts.evaluateFreshLaunches(event));
  // A meter read stored periods → alerts evaluate the organization's live-spend rules at once (decision 096).
  liveSpendReadings.onPeriodsStored((event) => alerts.evaluateFreshMeterRead(event));
  // An action on an alert's resources ran → the alert mail's thread is told what was done (decision 111).
  actions.onActionRan(async (event) => {
    await alerts.tellThread(event);
  });
  // --- end reactions ---

  if (context.config.role.servesWeb) await registerWebApp(app, context.config.webDistDir);
  // Last: a worker takes jobs only once every module is wired (an ingest's evaluation listener included).
  if (queue) {
    // First thing on close: a job sent from now on (a launch-events session ending, below) is not woken into
    // a handler about to stop; another node, or this one's next start, takes it.
    app.addHook('preClose', async () => stopWakingLocalWorkers(queue));
    const stopJobs = await startJobs({
      queue,
      config: context.config,
      services: jobServicesOf({
        integrations,
        awsSync,
        chat: chatServices,
        alerts,
        launchEvents,
        usageMeter: { ...usageMeter, meterIntegration: liveSpendReadings.meterIntegration },
        actions,
      }),
      integrations,
      soleServer: context.database.kind === 'pglite',
      clock: context.clock,
      log: context.log,
    });
    app.addHook('onClose', async () => stopJobs());
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
