import type { DigestSections } from '../../../domain/digest-sections.ts';
import type { SpendDigest } from '../../../domain/spend-digest.ts';
import type { DigestPeriod } from './digest-wording.ts';

/** The digest's numbers as a webhook carries them (docs/webhooks.md, `digest`). */
export function digestFacts(period: DigestPeriod, digest: SpendDigest, sections: DigestSections) {
  const { liveSpend, commitments, waste } = sections;
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
    live_spend: liveSpend && {
      usd_per_hour: liveSpend.totalUsdPerHour,
      top: liveSpend.top.map((resource) => ({
        resource: resource.resourceId,
        kind: resource.resourceLabel,
        region: resource.region,
        usd_per_hour: resource.usdPerHour,
      })),
      alerts: liveSpend.alerts.map((alert) => ({
        title: alert.title,
        fired_at: alert.firedAt.toISOString(),
      })),
    },
    commitments: commitments && {
      ending: commitments.ending.map((entry) => ({
        commitment: entry.commitmentId,
        type: entry.type,
        ends_at: entry.endsAt,
        extra_usd_per_month: entry.extraPerMonth,
      })),
      under_used: commitments.underUsed.map((entry) => ({
        commitment: entry.commitmentId,
        type: entry.type,
        utilization_percent: entry.utilizationPercent,
        unused_usd_per_day: entry.unusedPerDay,
      })),
      returnable: commitments.returnable.map((entry) => ({
        commitment: entry.commitmentId,
        type: entry.type,
        returnable_until: entry.returnableUntil,
      })),
    },
    waste: waste && {
      count: waste.count,
      monthly_usd: waste.totalMonthlyUsd,
      price_unknown: waste.priceUnknown,
      by_team: waste.byTeam.map((team) => ({
        team: team.team,
        count: team.count,
        monthly_usd: team.monthlyUsd,
      })),
      findings: waste.findings.map((finding) => ({
        kind: finding.kind,
        resource: finding.resourceId,
        name: finding.name,
        monthly_usd: finding.monthlyUsd,
        why: finding.why,
        team: finding.team,
      })),
    },
  };
}
