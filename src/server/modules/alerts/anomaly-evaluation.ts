import { anomalySettings } from '../../../contracts/alerts.ts';
import { anomalyDedupeKey, dailyBaseline, detectDailyAnomaly } from '../../../domain/anomalies.ts';
import {
  type DimensionContribution,
  type RootCause,
  type RootCauseDimension,
  rankRootCauses,
} from '../../../domain/anomaly-root-causes.ts';
import { addDays, type IsoDay } from '../../../domain/calendar-days.ts';
import type { NewNotification } from './alert-outbox.repository.ts';
import type { StoredRule } from './alert-rules.service.ts';
import { organizationSlice } from './alert-spend.ts';
import { anomalyAlertText } from './alert-wording.ts';
import { type EvaluationPass, watched } from './evaluation-pass.ts';

const ANOMALY_HISTORY_DAYS = 90;
const ROOT_CAUSE_WINDOW_DAYS = 28;

type DailyHistory = Array<{ date: IsoDay; amount: number }>;

/** Why the series jumped: each service, account, region and usage type against its own baseline. */
async function rootCausesOf(
  pass: EvaluationPass,
  rule: StoredRule,
  dimension: 'service' | 'account',
  series: string,
): Promise<RootCause[]> {
  const day = pass.asOf;
  // The series' own spend only: its service (or account) within what the rule watches.
  const filter =
    dimension === 'account'
      ? { ...rule.filter, account_ids: [series] }
      : { ...rule.filter, services: [series] };
  const rows = await pass.spend.byDimension(
    organizationSlice(pass.organizationId, filter, 'unblended', addDays(day, -ROOT_CAUSE_WINDOW_DAYS), day),
  );
  const byValue = new Map<string, { dimension: RootCauseDimension; value: string; history: DailyHistory }>();
  for (const row of rows) {
    const values: Array<[RootCauseDimension, string]> = [
      ['service', row.service],
      ['account', row.account],
      ['region', row.region],
      ['usage-type', row.usageType],
    ];
    for (const [name, value] of values) {
      if (!value) continue;
      const key = `${name}\u0000${value}`;
      const entry = byValue.get(key) ?? { dimension: name, value, history: [] };
      entry.history.push({ date: row.day, amount: Number(row.cost) });
      byValue.set(key, entry);
    }
  }
  const contributions: DimensionContribution[] = [...byValue.values()].map((entry) => {
    const current = entry.history
      .filter((point) => point.date === day)
      .reduce((sum, point) => sum + point.amount, 0);
    const before = entry.history.filter((point) => point.date < day);
    const baseline = dailyBaseline(before, day)?.expected ?? 0;
    return { dimension: entry.dimension, value: entry.value, current, baseline };
  });
  return rankRootCauses(contributions);
}

/** Each series (service or account) whose judged day is an anomaly against its own 90 days. */
export async function anomalyNotifications(
  pass: EvaluationPass,
  rule: StoredRule,
): Promise<NewNotification[]> {
  const { organizationId, asOf } = pass;
  const settings = anomalySettings.parse(rule.settings);
  const rows = await pass.read(
    organizationId,
    rule.filter,
    'unblended',
    addDays(asOf, -ANOMALY_HISTORY_DAYS),
    asOf,
    settings.dimension,
  );
  const bySeries = new Map<string, DailyHistory>();
  for (const row of rows) {
    const series = bySeries.get(row.series) ?? [];
    series.push({ date: row.day, amount: row.cost });
    bySeries.set(row.series, series);
  }
  const notifications: NewNotification[] = [];
  for (const [series, history] of bySeries) {
    const cost = history.find((entry) => entry.date === asOf)?.amount ?? 0;
    const verdict = detectDailyAnomaly({
      history,
      day: asOf,
      cost,
      sensitivity: settings.sensitivity,
      minImpactUsd: settings.min_impact_usd,
    });
    if (verdict.verdict !== 'anomaly') continue;
    const dedupeKey = anomalyDedupeKey(rule.id, series, asOf);
    if (pass.fired.has(dedupeKey)) continue;
    const accountIds = settings.dimension === 'account' ? [series] : rule.filter.account_ids;
    const rootCauses = await rootCausesOf(pass, rule, settings.dimension, series).catch(() => []);
    const ownDimension = settings.dimension === 'account' ? 'account' : 'service';
    const causes = rootCauses.filter((cause) => cause.dimension !== ownDimension).slice(0, 3);
    notifications.push({
      organizationId,
      dedupeKey,
      sourceKind: 'anomaly',
      sourceId: rule.id,
      ...anomalyAlertText(series, asOf, verdict, causes),
      details: { ...watched(rule.filter).details, series, day: asOf, ...verdict, rootCauses },
      accountIds,
    });
  }
  return notifications;
}
