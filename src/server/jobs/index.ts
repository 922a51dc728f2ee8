import type { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { ActionsService } from '../modules/actions/actions.service.ts';
import type { Alerts } from '../modules/alerts/alerts-module.ts';
import type { ChatServices } from '../modules/chat/chat-services.ts';
import { sweepAbandonedSpillFolders } from '../modules/cost-data/billing-files/index.ts';
import type { AwsSyncService } from '../modules/integrations/aws-sync.service.ts';
import type { IntegrationsService } from '../modules/integrations/integrations.service.ts';
import type { LaunchEventsService } from '../modules/launch-events/launch-events.service.ts';
import type { UsageMeterService } from '../modules/usage-meter/usage-meter.service.ts';
import { alertDeliveryJob } from './alert-delivery.job.ts';
import { alertDeliverySweepJob } from './alert-delivery-sweep.job.ts';
import { alertDigestJob } from './alert-digest.job.ts';
import { alertEvaluationJob } from './alert-evaluation.job.ts';
import { alertRemindersJob } from './alert-reminders.job.ts';
import { chatUnreadRepliesJob } from './chat-unread-replies.job.ts';
import { ensureLaunchEventPollersJob } from './ensure-launch-event-pollers.job.ts';
import { ensureUsageMetersJob } from './ensure-usage-meters.job.ts';
import { evaluateOrganizationJob } from './evaluate-organization.job.ts';
import { ingestBillingFilesJob } from './ingest-billing-files.job.ts';
import { createJobQueue, type JobDefinition, type JobServices, sendJob, workJob } from './job-definition.ts';
import { meterUsageJob } from './meter-usage.job.ts';
import { pollLaunchEventsJob } from './poll-launch-events.job.ts';
import type { Queue } from './queue.ts';
import { runAutomaticActionsJob } from './run-automatic-actions.job.ts';
import { sweepOrphanedRuns } from './sweep-orphaned-runs.timer.ts';
import { syncAwsBillingPeriodJob } from './sync-aws-billing-period.job.ts';
import { syncAwsIntegrationJob } from './sync-aws-integration.job.ts';
import { syncAwsIntegrationsDueJob } from './sync-aws-integrations-due.job.ts';

/** Every pg-boss job Spendguard runs (docs/decisions/037 tables their queues, schedules and payloads). */
export const ALL_JOBS: ReadonlyArray<JobDefinition<z.ZodType>> = [
  ingestBillingFilesJob,
  syncAwsIntegrationJob,
  syncAwsBillingPeriodJob,
  syncAwsIntegrationsDueJob,
  evaluateOrganizationJob,
  alertEvaluationJob,
  alertRemindersJob,
  alertDigestJob,
  alertDeliveryJob,
  alertDeliverySweepJob,
  chatUnreadRepliesJob,
  pollLaunchEventsJob,
  ensureLaunchEventPollersJob,
  meterUsageJob,
  ensureUsageMetersJob,
  runAutomaticActionsJob,
];

/** The modules' functions the jobs call, by the names the jobs use. */
export function jobServicesOf(modules: {
  integrations: IntegrationsService;
  awsSync: AwsSyncService;
  chat: ChatServices;
  alerts: Alerts;
  launchEvents: LaunchEventsService;
  usageMeter: UsageMeterService;
  actions: ActionsService;
}): JobServices {
  const { integrations, awsSync, chat, alerts, launchEvents, usageMeter, actions } = modules;
  return {
    runIngestion: (payload) => integrations.runIngestion(payload),
    syncAwsIntegration: (integrationId, options) => awsSync.sync(integrationId, options),
    syncAwsBillingPeriod: (payload) => awsSync.syncBillingPeriod(payload),
    listIntegrationsDueForSync: (intervalMs) => integrations.listDueForSync(intervalMs),
    sendUnreadReplyMails: () => chat.unreadReplies.sendDue(),
    evaluateAllOrganizations: () => alerts.evaluation.evaluateAll(),
    evaluateOrganization: (organizationId) => alerts.evaluation.evaluateOrganization(organizationId),
    remindUnacknowledgedAlerts: () => alerts.evaluation.remindUnacknowledged(),
    sendAlertDigests: () => alerts.digests.sendDue(),
    deliverAlert: (deliveryId, worker) => alerts.delivery.deliver(deliveryId, worker),
    sweepAlertDeliveries: () => alerts.delivery.sweep(),
    pollLaunchEvents: (integrationId) => launchEvents.pollSession(integrationId),
    listLaunchEventIntegrations: () => launchEvents.pollableIntegrations(),
    meterUsage: (integrationId) => usageMeter.meterIntegration(integrationId),
    listMeteredIntegrations: () => usageMeter.meteredIntegrations(),
    runDueAutomaticActions: () => actions.runDueAutomatic(),
  };
}

/** "Sync now", a new connection and the demo queue a sync job; a worker runs it. */
export function queuedSyncs(queue: Queue) {
  return {
    async request(integrationId: string, options: { force: boolean }): Promise<boolean> {
      return (await sendJob(queue, syncAwsIntegrationJob, { integrationId, ...options })) !== null;
    },
  };
}

/** Without a queue (the CLI, tests without one) a requested sync runs right away. */
export function inlineSyncs(sync: AwsSyncService) {
  return {
    async request(integrationId: string, options: { force: boolean }): Promise<boolean> {
      await sync.sync(integrationId, options);
      return true;
    },
  };
}

/**
 * Every node creates every queue (a web node sends to them), before any module can send: the demo's
 * first sync is sent while the app is built, and pg-boss drops a job sent to a queue that does not
 * exist yet.
 */
export async function createJobQueues(queue: Queue): Promise<void> {
  for (const job of ALL_JOBS) await createJobQueue(queue, job);
}

/**
 * A node that runs jobs (SPENDGUARD_ROLE worker or all) sweeps what a dead process left and starts every
 * handler and schedule; its queues exist (createJobQueues). Answers a stop for the sweep's timer.
 */
export async function startJobs(node: {
  queue: Queue;
  config: Config;
  services: JobServices;
  integrations: IntegrationsService;
  soleServer: boolean;
  log: Parameters<typeof sweepOrphanedRuns>[2];
  clock: Clock;
}): Promise<() => void> {
  const { queue, config } = node;
  if (!config.role.runsJobs) return () => {};
  const timing = {
    orphanedAfterMs: config.ingestion.orphanedAfterMs,
    soleServer: node.soleServer,
    now: () => node.clock.now(),
  };
  const spillFolders = sweepAbandonedSpillFolders(config.ingestion.spillParent);
  if (spillFolders.length > 0) node.log.warn({ spillFolders }, 'spill folders of a stopped process removed');
  const stopSweeping = await sweepOrphanedRuns(node.integrations, timing, node.log);
  for (const job of ALL_JOBS) await workJob(job, { queue, services: node.services, config });
  // Pollers resume at once instead of at the next minute's schedule.
  await sendJob(queue, ensureLaunchEventPollersJob, {});
  await sendJob(queue, ensureUsageMetersJob, {});
  return stopSweeping;
}
