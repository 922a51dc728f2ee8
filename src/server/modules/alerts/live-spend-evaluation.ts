import { liveSpendSettings } from '../../../contracts/alerts.ts';
import { commitmentEndViews } from '../../../contracts/commitment-ends.ts';
import {
  evaluateLiveSpendRule,
  type LiveSpendConditions,
  type LiveSpendFiring,
  type LiveSpendReading,
  type MeteredBudget,
} from '../../../domain/live-spend-alerts.ts';
import { sumUsd } from '../../../domain/money.ts';
import type { NewNotification } from './alert-outbox.repository.ts';
import type { StoredRule } from './alert-rules.service.ts';
import { liveSpendAlertText } from './alert-wording.ts';
import type { BudgetWithSpend } from './launch-evaluation.ts';
import { budgetReadingFilter, liveForecastOf, periodBoundsMs } from './live-forecast.ts';
import type { LiveLedgerView } from './live-ledger-source.ts';

/** What a live-spend rule is judged on: the meter's readings now (in the live view), the keys fired, the budgets. */
export interface LiveSpendEvaluationContext {
  organizationId: string;
  live: LiveLedgerView;
  fired: ReadonlySet<string>;
  /** The organization's budgets with their bill projection; none without billing data. */
  budgets: () => Promise<BudgetWithSpend[]>;
  integrationNames: () => Promise<Map<string, string>>;
}

function conditionsOf(settings: ReturnType<typeof liveSpendSettings.parse>): LiveSpendConditions {
  return {
    resourceAbove:
      settings.resource_usd_per_hour === null ? undefined : { usdPerHour: settings.resource_usd_per_hour },
    serviceAbove:
      settings.service_usd_per_hour === null ? undefined : { usdPerHour: settings.service_usd_per_hour },
    usualMultiple:
      settings.usual_multiple === null
        ? undefined
        : { multiple: settings.usual_multiple, minUsdPerHour: settings.usual_min_usd_per_hour },
    budgets: settings.budget_overrun,
  };
}

/** A budget as the rule judges it: its bill projection plus what launches add, without the meter. */
function meteredBudgetOf(
  live: LiveLedgerView,
  { budget, spend, billProjection, commitmentEnds }: BudgetWithSpend,
): MeteredBudget {
  const launches = liveForecastOf({ ...live, metered: [] }, budget, spend.period);
  return {
    id: budget.id,
    name: budget.name,
    amount: budget.amount,
    projectionWithoutMeter: sumUsd([billProjection, launches.launchesUsd]),
    commitmentEnds,
    periodKey: spend.period.key,
    ...periodBoundsMs(spend.period),
    watches: budgetReadingFilter(budget.filter),
  };
}

function readingsNamed(firing: LiveSpendFiring): LiveSpendReading[] {
  if (firing.subject === 'resource') return [firing.reading];
  if (firing.subject === 'service') return [...firing.readings, ...firing.unpriced];
  return firing.readings.map((entry) => entry.reading);
}

const resourceFacts = (reading: LiveSpendReading) => ({
  id: reading.resourceId,
  kind: reading.resourceLabel,
  charge: reading.charge,
  service: reading.serviceLabel,
  region: reading.region,
  accountId: reading.accountId,
  integrationId: reading.integrationId,
  lastHourQuantity: reading.lastHourQuantity,
  unit: reading.unit,
  usdPerHour: reading.usdPerHour,
  usdPerDay: reading.usdPerDay,
  priceUnknown: reading.usdPerHour === null ? (reading.priceUnknownReason ?? 'price unknown') : null,
  lastDatapointAt:
    reading.lastDatapointAtMs === null ? null : new Date(reading.lastDatapointAtMs).toISOString(),
  tags: reading.tags,
  owner: reading.owner.kind === 'tag' ? { name: reading.owner.value, tag: reading.owner.key } : null,
  ownerNote:
    reading.owner.kind === 'tag'
      ? null
      : reading.owner.kind === 'no-owner-tag'
        ? 'no owner tag'
        : `not known: ${reading.owner.reason}`,
});

function conditionFacts(firing: LiveSpendFiring) {
  if (firing.subject === 'resource')
    return {
      above: firing.above ?? null,
      usual: firing.usual
        ? {
            multiple: firing.usual.multiple,
            minUsdPerHour: firing.usual.minUsdPerHour,
            usualUsdPerHour: firing.usual.usual.usdPerHour,
            basis: firing.usual.usual.basis,
            samples: firing.usual.usual.samples,
          }
        : null,
      monthEnd: {
        addsUsd: firing.monthEnd.addsUsd,
        aboveUsualUsd: firing.monthEnd.aboveUsualUsd,
        monthEnd: new Date(firing.monthEnd.monthEndMs).toISOString(),
      },
    };
  if (firing.subject === 'service')
    return {
      service: { name: firing.serviceLabel, limit: firing.limit, usdPerHour: firing.usdPerHour },
      monthEnd: {
        addsUsd: firing.monthEnd.addsUsd,
        monthEnd: new Date(firing.monthEnd.monthEndMs).toISOString(),
      },
    };
  return {
    budget: {
      ...firing.budget,
      commitmentEnds: commitmentEndViews(firing.budget.commitmentEnds),
      meteredUsd: firing.meteredUsd,
      projected: firing.projected,
    },
  };
}

/**
 * A live-spend rule on the meter's readings now (src/domain/live-spend-alerts.ts): one notification per
 * subject and the conditions it crossed, keyed by rule, period, conditions and subject, so every later
 * read and pass adds nothing.
 */
export async function liveSpendNotifications(
  context: LiveSpendEvaluationContext,
  rule: StoredRule,
): Promise<NewNotification[]> {
  const readings = context.live.metered ?? [];
  if (readings.length === 0) return [];
  const settings = liveSpendSettings.parse(rule.settings);
  const conditions = conditionsOf(settings);
  const budgets = conditions.budgets
    ? (await context.budgets()).map((entry) => meteredBudgetOf(context.live, entry))
    : [];
  const firings = evaluateLiveSpendRule({
    ruleId: rule.id,
    conditions,
    filter: { accountIds: rule.filter.account_ids, services: rule.filter.services, tag: rule.filter.tag },
    readings,
    budgets,
    atMs: context.live.atMs,
    alreadyFired: context.fired,
  });
  if (firings.length === 0) return [];
  const names = await context.integrationNames();
  return firings.map((firing) => {
    const named = readingsNamed(firing);
    const integrationName =
      firing.subject === 'resource' ? names.get(firing.reading.integrationId) : undefined;
    return {
      organizationId: context.organizationId,
      dedupeKey: firing.dedupeKey,
      sourceKind: 'live-spend',
      sourceId: rule.id,
      ...liveSpendAlertText(rule, firing, context.live.atMs, integrationName),
      details: {
        tag: null,
        subject: firing.subject,
        conditions: conditionFacts(firing),
        resources: named.map(resourceFacts),
        at: new Date(context.live.atMs).toISOString(),
      },
      accountIds: [
        ...new Set(named.flatMap((reading) => (reading.accountId ? [reading.accountId] : []))),
      ].sort(),
    };
  });
}
