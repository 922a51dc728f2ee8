import type { Migration } from 'kysely';
import * as pageViews from './2026-11-22T0800-page-views.ts';
import * as mailOutbox from './2026-11-22T0900-mail-outbox.ts';
import * as userAvatars from './2026-11-22T0910-user-avatars.ts';
import * as usedVerificationTokens from './2026-11-22T0920-used-verification-tokens.ts';
import * as costData from './2026-11-22T1000-cost-data.ts';
import * as organizationSlugsAndTeamScopes from './2026-11-22T1100-organization-slugs-and-team-scopes.ts';
import * as subscriptionsAndCredits from './2026-11-22T1100-subscriptions-and-credits.ts';
import * as ec2Findings from './2026-11-22T1200-ec2-findings.ts';
import * as supportChat from './2026-11-22T1500-support-chat.ts';
import * as consultationBookings from './2026-11-22T1510-consultation-bookings.ts';
import * as analyticsEvents from './2026-11-22T1520-analytics-events.ts';
import * as alerts from './2026-11-24T0320-alerts.ts';
import * as ingestionRunHeartbeats from './2026-11-25T0010-ingestion-run-heartbeats.ts';
import * as heldIngestionRuns from './2026-11-25T0100-held-ingestion-runs.ts';
import * as launchEvents from './2026-11-26T2000-launch-events.ts';
import * as alertKindsTurnedOff from './2026-11-26T2100-alert-kinds-turned-off.ts';
import * as launchEventRegionProbes from './2026-11-27T0900-launch-event-region-probes.ts';
import * as costDailyTotalsAndFactTagIndex from './2026-11-28T0200-cost-daily-totals-and-fact-tag-index.ts';
import * as apiTokens from './2026-11-28T0400-api-tokens.ts';
import * as webhookEndpoints from './2026-11-28T0600-webhook-endpoints.ts';
import * as tagRollupProviders from './2026-11-28T0700-tag-rollup-providers.ts';
import * as stagingByBillingPeriod from './2026-11-29T0100-staging-by-billing-period.ts';
import * as stagingKeyedByRun from './2026-11-30T0100-staging-keyed-by-run.ts';
import * as aMonthSwapTouchesOnlyItsMonth from './2026-12-01T0100-a-month-swap-touches-only-its-month.ts';
import * as alertRecipientsKeptAfterRemoval from './2026-12-06T0100-alert-recipients-kept-after-removal.ts';
import * as usageMeter from './2026-12-06T0300-usage-meter.ts';
import * as monthlyResourceCosts from './2026-12-06T0500-monthly-resource-costs.ts';
import * as costDailyTagSetRollups from './2026-12-07T0100-cost-daily-tag-set-rollups.ts';
import * as usageMeterServices from './2026-12-07T0200-usage-meter-services.ts';
import * as commitmentsFromTheBill from './2026-12-07T0400-commitments-from-the-bill.ts';
import * as wasteFindings from './2026-12-07T0500-waste-findings.ts';
import * as integrationActionRoles from './2026-12-07T0600-integration-action-roles.ts';
import * as resourceActions from './2026-12-07T0610-resource-actions.ts';
import * as wasteSettings from './2026-12-08T0200-waste-settings.ts';
import * as actionsOnMoreResources from './2026-12-08T0300-actions-on-more-resources.ts';
import * as automaticActions from './2026-12-08T0400-automatic-actions.ts';
import * as commitmentRollups from './2026-12-09T0200-commitment-rollups.ts';
import * as usageMeterAccuracy from './2026-12-09T0300-usage-meter-accuracy.ts';
import * as commitmentInventory from './2026-12-10T0100-commitment-inventory.ts';
import * as importedRecommendations from './2026-12-10T0200-imported-recommendations.ts';
import * as usageMeterResourceTags from './2026-12-10T0300-usage-meter-resource-tags.ts';
import * as costDailyTagSetTotals from './2026-12-11T0100-cost-daily-tag-set-totals.ts';
import * as slackInteractivity from './2026-12-11T0400-slack-interactivity.ts';
import * as slackDigest from './2026-12-11T0500-slack-digest.ts';
import * as monthlyTagSetIndexWithoutPendingList from './2026-12-12T0500-monthly-tag-set-index-without-pending-list.ts';
import * as commitmentTagDays from './2026-12-13T0100-commitment-tag-days.ts';
import * as commitmentTagGaps from './2026-12-14T0100-commitment-tag-gaps.ts';

/** Every migration in order. Names sort by time; a new one is added at the end. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0800-page-views': pageViews,
  '2026-11-22T0900-mail-outbox': mailOutbox,
  '2026-11-22T0910-user-avatars': userAvatars,
  '2026-11-22T0920-used-verification-tokens': usedVerificationTokens,
  '2026-11-22T1000-cost-data': costData,
  '2026-11-22T1100-organization-slugs-and-team-scopes': organizationSlugsAndTeamScopes,
  '2026-11-22T1100-subscriptions-and-credits': subscriptionsAndCredits,
  '2026-11-22T1200-ec2-findings': ec2Findings,
  '2026-11-22T1500-support-chat': supportChat,
  '2026-11-22T1510-consultation-bookings': consultationBookings,
  '2026-11-22T1520-analytics-events': analyticsEvents,
  '2026-11-24T0320-alerts': alerts,
  '2026-11-25T0010-ingestion-run-heartbeats': ingestionRunHeartbeats,
  '2026-11-25T0100-held-ingestion-runs': heldIngestionRuns,
  '2026-11-26T2000-launch-events': launchEvents,
  '2026-11-26T2100-alert-kinds-turned-off': alertKindsTurnedOff,
  '2026-11-27T0900-launch-event-region-probes': launchEventRegionProbes,
  '2026-11-28T0200-cost-daily-totals-and-fact-tag-index': costDailyTotalsAndFactTagIndex,
  '2026-11-28T0400-api-tokens': apiTokens,
  '2026-11-28T0600-webhook-endpoints': webhookEndpoints,
  '2026-11-28T0700-tag-rollup-providers': tagRollupProviders,
  '2026-11-29T0100-staging-by-billing-period': stagingByBillingPeriod,
  '2026-11-30T0100-staging-keyed-by-run': stagingKeyedByRun,
  '2026-12-01T0100-a-month-swap-touches-only-its-month': aMonthSwapTouchesOnlyItsMonth,
  '2026-12-06T0100-alert-recipients-kept-after-removal': alertRecipientsKeptAfterRemoval,
  '2026-12-06T0300-usage-meter': usageMeter,
  '2026-12-06T0500-monthly-resource-costs': monthlyResourceCosts,
  '2026-12-07T0100-cost-daily-tag-set-rollups': costDailyTagSetRollups,
  '2026-12-07T0200-usage-meter-services': usageMeterServices,
  '2026-12-07T0400-commitments-from-the-bill': commitmentsFromTheBill,
  '2026-12-07T0500-waste-findings': wasteFindings,
  '2026-12-07T0600-integration-action-roles': integrationActionRoles,
  '2026-12-07T0610-resource-actions': resourceActions,
  '2026-12-08T0200-waste-settings': wasteSettings,
  '2026-12-08T0300-actions-on-more-resources': actionsOnMoreResources,
  '2026-12-08T0400-automatic-actions': automaticActions,
  '2026-12-09T0200-commitment-rollups': commitmentRollups,
  '2026-12-09T0300-usage-meter-accuracy': usageMeterAccuracy,
  '2026-12-10T0100-commitment-inventory': commitmentInventory,
  '2026-12-10T0200-imported-recommendations': importedRecommendations,
  '2026-12-10T0300-usage-meter-resource-tags': usageMeterResourceTags,
  '2026-12-11T0100-cost-daily-tag-set-totals': costDailyTagSetTotals,
  '2026-12-11T0400-slack-interactivity': slackInteractivity,
  '2026-12-11T0500-slack-digest': slackDigest,
  '2026-12-12T0500-monthly-tag-set-index-without-pending-list': monthlyTagSetIndexWithoutPendingList,
  '2026-12-13T0100-commitment-tag-days': commitmentTagDays,
  '2026-12-14T0100-commitment-tag-gaps': commitmentTagGaps,
};
