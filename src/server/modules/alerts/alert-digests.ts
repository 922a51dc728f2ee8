import type { Kysely } from 'kysely';
import { type DigestPreview, emptyFilter } from '../../../contracts/alerts.ts';
import { addDays, type IsoDay, isoDayOfInstant } from '../../../domain/calendar-days.ts';
import { type CostScope, UNRESTRICTED } from '../../../domain/cost-scope.ts';
import type { DigestSections } from '../../../domain/digest-sections.ts';
import { planAllows } from '../../../domain/plans.ts';
import { type SpendDigest, spendDigest } from '../../../domain/spend-digest.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import type { AlertDelivery } from './alert-delivery.ts';
import { insertNotificationOnce } from './alert-outbox.repository.ts';
import { listDigestSubscribers } from './alert-recipients.repository.ts';
import { evaluationDayOf, organizationSlice, type SpendSource } from './alert-spend.ts';
import { digestFacts } from './digest-facts.ts';
import type { DigestSectionsSource } from './digest-sections-source.ts';
import {
  type DigestPeriod,
  digestAlertText,
  digestLines,
  digestMail,
  digestSubject,
} from './digest-wording.ts';
import { listSlackDigestConnections } from './slack.repository.ts';
import { listDigestEndpoints } from './webhook-endpoints.repository.ts';

const FORECAST_HISTORY_DAYS = 120;

const NO_SECTIONS: DigestSections = { liveSpend: null, commitments: null, waste: null };

/** What a person's digest says now: the spend part is null while the organization has no bill. */
export interface ComposedDigest {
  subject: string;
  lines: string[];
  /** The newest day of the organization's bill; null before the first bill is read. */
  billDay: IsoDay | null;
}

/**
 * The daily or weekly digest (pg-boss `alert-digest`, every morning; weekly ones on Mondays) for each
 * person who asked for it, on the spend, live usage, commitments and waste their team scope lets them
 * see (docs/decisions/113); and the organization's whole digest for the webhook and Teams endpoints and
 * the Slack channel that take it, through the outbox (decision 058).
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
  /** Live spend, commitments and waste: without it, the digest is spend alone. */
  sections?: DigestSectionsSource;
  now: () => Date;
}) {
  const { db, mailer, billing, organizations, publicUrl } = deps;

  /** `now` is the sending moment: with `day`, it decides which days of the bill are final. */
  async function digestOf(
    organizationId: string,
    scope: CostScope,
    day: IsoDay,
    now: Date,
  ): Promise<SpendDigest> {
    // 120 days reach back past the start of last month and give the forecast its history.
    const from = addDays(day, -FORECAST_HISTORY_DAYS);
    // The person's team scope (accounts and tags) as the dashboard reads it.
    const slice = { ...organizationSlice(organizationId, emptyFilter, 'unblended', from, day), scope };
    const rows = await deps.spend.daily(slice, 'service');
    return spendDigest(
      rows.map((row) => ({ service: row.key, date: row.day, amount: Number(row.cost) })),
      day,
      isoDayOfInstant(now),
    );
  }

  /** One person's digest at `now`, within their team scope; `sectionsFor` keeps a pass's shared reads. */
  async function compose(
    subject: { organizationId: string; userId: string },
    period: DigestPeriod,
    now: Date,
    sectionsFor = deps.sections?.(now),
  ): Promise<ComposedDigest> {
    const scope = await organizations.costScopeFor(subject);
    const day = await evaluationDayOf(deps.spend, subject.organizationId, isoDayOfInstant(now));
    const digest = day ? await digestOf(subject.organizationId, scope, day, now) : null;
    const sections = sectionsFor ? await sectionsFor(subject.organizationId, scope, period) : NO_SECTIONS;
    const audience = scope.restricted ? 'teams' : 'organization';
    return {
      subject: digestSubject(period, digest),
      lines: digestLines({ period, digest, sections, audience }),
      billDay: day,
    };
  }

  /**
   * One outbox notification per organization, period and sending day; its deliveries go to the endpoints
   * and the Slack channel that take this period's digest.
   */
  async function sendToEndpoints(period: DigestPeriod, now: Date): Promise<number> {
    const delivery = deps.delivery;
    if (!delivery) return 0;
    let sent = 0;
    const organizationIds = new Set(
      [...(await listDigestEndpoints(db, period)), ...(await listSlackDigestConnections(db, period))].map(
        (row) => row.organization_id,
      ),
    );
    const sectionsFor = deps.sections?.(now);
    for (const organizationId of organizationIds) {
      const { planInForce } = await billing.entitlements(organizationId);
      if (!planAllows(planInForce, 'digest') || !planAllows(planInForce, 'slack-alerts')) continue;
      const day = await evaluationDayOf(deps.spend, organizationId, isoDayOfInstant(now));
      if (!day) continue;
      const digest = await digestOf(organizationId, UNRESTRICTED, day, now);
      const sections = sectionsFor ? await sectionsFor(organizationId, UNRESTRICTED, period) : NO_SECTIONS;
      const text = digestAlertText(period, digest, sections);
      const notificationId = await insertNotificationOnce(db, {
        organizationId,
        dedupeKey: `digest:${period}:${isoDayOfInstant(now)}`,
        sourceKind: 'digest',
        sourceId: null,
        title: text.title,
        summary: text.summary,
        details: { period, digest: digestFacts(period, digest, sections) },
        accountIds: [],
      });
      if (!notificationId) continue;
      sent += (await delivery.dispatch(notificationId)).length;
    }
    return sent;
  }

  return {
    /** What the viewer's digest of this period says now, as it would be mailed; the plan must include digests. */
    async preview(viewer: Viewer, period: DigestPeriod): Promise<DigestPreview> {
      await billing.assertFeature(viewer, 'digest');
      const composed = await compose(viewer, period, deps.now());
      return { period, subject: composed.subject, lines: composed.lines };
    },

    async sendDue(now = deps.now()): Promise<number> {
      let sent = 0;
      const monday = now.getUTCDay() === 1;
      const sectionsFor = deps.sections?.(now);
      for (const subscriber of await listDigestSubscribers(db)) {
        if (subscriber.digest === 'weekly' && !monday) continue;
        const { planInForce } = await billing.entitlements(subscriber.organization_id);
        if (!planAllows(planInForce, 'digest')) continue;
        const period = subscriber.digest === 'weekly' ? 'weekly' : 'daily';
        const subject = { organizationId: subscriber.organization_id, userId: subscriber.user_id };
        const composed = await compose(subject, period, now, sectionsFor);
        // Without a bill there is no spend to digest: nothing is mailed until the first bill is read.
        if (!composed.billDay) continue;
        await mailer.send(
          digestMail({
            to: subscriber.email,
            period,
            subject: composed.subject,
            lines: composed.lines,
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

export type AlertDigests = ReturnType<typeof createAlertDigests>;
