import type { Kysely } from 'kysely';
import { type CostFilter, emptyFilter } from '../../../contracts/alerts.ts';
import { addDays, type IsoDay, isoDayOfInstant } from '../../../domain/calendar-days.ts';
import { planAllows } from '../../../domain/plans.ts';
import { type SpendDigest, spendDigest } from '../../../domain/spend-digest.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import type { AlertDelivery } from './alert-delivery.ts';
import { insertNotificationOnce } from './alert-outbox.repository.ts';
import { listDigestSubscribers } from './alert-recipients.repository.ts';
import { evaluationDayOf, type SpendSource, spendReader } from './alert-spend.ts';
import { digestAlertText, digestMail } from './alert-wording.ts';
import { listDigestEndpoints } from './webhook-endpoints.repository.ts';

const FORECAST_HISTORY_DAYS = 120;
const WHOLE_ORGANIZATION: CostFilter = emptyFilter;

/** The digest's numbers as a webhook carries them (docs/webhooks.md, `digest`). */
function digestFacts(period: 'daily' | 'weekly', digest: SpendDigest) {
  return {
    period,
    day: digest.day,
    day_spend_usd: digest.daySpend,
    month_to_date_usd: digest.monthToDate,
    last_month_to_date_usd: digest.lastMonthToDate,
    change_percent: digest.changePercent,
    forecast_usd: digest.forecast,
    top_movers: digest.topMovers.map((mover) => ({
      service: mover.service,
      month_to_date_usd: mover.monthToDate,
      last_month_to_date_usd: mover.lastMonthToDate,
      change_usd: mover.change,
    })),
  };
}

/**
 * The daily or weekly digest (pg-boss `alert-digest`, every morning; weekly ones on Mondays) for each
 * person who asked for it, on the spend their team scope lets them see; and the organization's whole
 * digest for the webhook and Teams endpoints that take it, through the outbox (decision 058).
 */
export function createAlertDigests(deps: {
  db: Kysely<DatabaseSchema>;
  /** Spend, through cost-data's cost-slice API. */
  spend: SpendSource;
  mailer: Mailer;
  billing: BillingService;
  organizations: OrganizationsService;
  publicUrl: string;
  /** The outbox's delivery: without it, endpoints receive no digest. */
  delivery?: AlertDelivery;
  now: () => Date;
}) {
  const { db, mailer, billing, organizations, publicUrl } = deps;
  const read = spendReader(deps.spend);

  /** `now` is the sending moment: with `day`, it decides which days of the bill are final. */
  async function digestOf(
    organizationId: string,
    filter: CostFilter,
    day: IsoDay,
    now: Date,
  ): Promise<SpendDigest> {
    // 120 days reach back past the start of last month and give the forecast its history.
    const from = addDays(day, -FORECAST_HISTORY_DAYS);
    const rows = await read(organizationId, filter, 'unblended', from, day, 'service');
    return spendDigest(
      rows.map((row) => ({ service: row.series, date: row.day, amount: row.cost })),
      day,
      isoDayOfInstant(now),
    );
  }

  /** One outbox notification per organization, period and sending day; its deliveries go to the endpoints. */
  async function sendToEndpoints(period: 'daily' | 'weekly', now: Date): Promise<number> {
    const delivery = deps.delivery;
    if (!delivery) return 0;
    let sent = 0;
    const organizationIds = new Set(
      (await listDigestEndpoints(db, period)).map((row) => row.organization_id),
    );
    for (const organizationId of organizationIds) {
      const { planInForce } = await billing.entitlements(organizationId);
      if (!planAllows(planInForce, 'digest') || !planAllows(planInForce, 'slack-alerts')) continue;
      const day = await evaluationDayOf(deps.spend, organizationId, isoDayOfInstant(now));
      if (!day) continue;
      const digest = await digestOf(organizationId, WHOLE_ORGANIZATION, day, now);
      const text = digestAlertText(period, digest);
      const notificationId = await insertNotificationOnce(db, {
        organizationId,
        dedupeKey: `digest:${period}:${isoDayOfInstant(now)}`,
        sourceKind: 'digest',
        sourceId: null,
        title: text.title,
        summary: text.summary,
        details: { period, digest: digestFacts(period, digest) },
        accountIds: [],
      });
      if (!notificationId) continue;
      sent += (await delivery.dispatch(notificationId)).length;
    }
    return sent;
  }

  return {
    async sendDue(now = deps.now()): Promise<number> {
      let sent = 0;
      const monday = now.getUTCDay() === 1;
      for (const subscriber of await listDigestSubscribers(db)) {
        if (subscriber.digest === 'weekly' && !monday) continue;
        const { planInForce } = await billing.entitlements(subscriber.organization_id);
        if (!planAllows(planInForce, 'digest')) continue;
        const day = await evaluationDayOf(deps.spend, subscriber.organization_id, isoDayOfInstant(now));
        if (!day) continue;
        const scope = await organizations.costScopeFor({
          organizationId: subscriber.organization_id,
          userId: subscriber.user_id,
        });
        if (scope.restricted && scope.accountIds.length === 0) continue;
        const filter = { ...emptyFilter, account_ids: scope.restricted ? scope.accountIds : [] };
        const digest = await digestOf(subscriber.organization_id, filter, day, now);
        await mailer.send(
          digestMail({
            to: subscriber.email,
            kind: subscriber.digest === 'weekly' ? 'weekly' : 'daily',
            digest,
            notificationsUrl: `${publicUrl}/notification`,
          }),
        );
        sent += 1;
      }
      sent += await sendToEndpoints('daily', now);
      if (monday) sent += await sendToEndpoints('weekly', now);
      return sent;
    },
  };
}
