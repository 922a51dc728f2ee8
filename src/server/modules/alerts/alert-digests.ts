import type { Kysely } from 'kysely';
import { addDays } from '../../../domain/calendar-days.ts';
import { planAllows } from '../../../domain/plans.ts';
import { spendDigest } from '../../../domain/spend-digest.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { listDigestSubscribers } from './alert-recipients.repository.ts';
import { evaluationDayOf, type SpendSource, spendReader } from './alert-spend.ts';
import { digestMail } from './alert-wording.ts';

const FORECAST_HISTORY_DAYS = 120;
/**
 * The daily or weekly digest (pg-boss `alert-digest`, every morning; weekly ones on Mondays) for each
 * person who asked for it, on the spend their team scope lets them see.
 */
export function createAlertDigests(deps: {
  db: Kysely<DatabaseSchema>;
  /** Spend, through cost-data's cost-slice API. */
  spend: SpendSource;
  mailer: Mailer;
  billing: BillingService;
  organizations: OrganizationsService;
  publicUrl: string;
}) {
  const { db, mailer, billing, organizations, publicUrl } = deps;
  const read = spendReader(deps.spend);
  return {
    async sendDue(now = new Date()): Promise<number> {
      let sent = 0;
      const monday = now.getUTCDay() === 1;
      for (const subscriber of await listDigestSubscribers(db)) {
        if (subscriber.digest === 'weekly' && !monday) continue;
        const { planInForce } = await billing.entitlements(subscriber.organization_id);
        if (!planAllows(planInForce, 'digest')) continue;
        const day = await evaluationDayOf(deps.spend, subscriber.organization_id);
        if (!day) continue;
        const scope = await organizations.costScopeFor({
          organizationId: subscriber.organization_id,
          userId: subscriber.user_id,
        });
        if (scope.restricted && scope.accountIds.length === 0) continue;
        const filter = {
          account_ids: scope.restricted ? scope.accountIds : [],
          services: [],
          tag: null,
          providers: [],
        };
        // 120 days reach back past the start of last month and give the forecast its history.
        const from = addDays(day, -FORECAST_HISTORY_DAYS);
        const rows = await read(subscriber.organization_id, filter, 'unblended', from, day, 'service');
        const digest = spendDigest(
          rows.map((row) => ({ service: row.series, date: row.day, amount: row.cost })),
          day,
        );
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
      return sent;
    },
  };
}
