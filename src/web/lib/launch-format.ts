import type { LaunchLedgerRowView, LaunchResourceKindView } from '../../contracts/launch-events.ts';
import { isoDayOfInstant } from '../../domain/calendar-days.ts';
import { formatDay, formatDayWithYear } from '../../domain/calendar-labels.ts';
import { formatUsd } from './usd-format.ts';

/**
 * How the early-warning screens write launches: hourly prices keep the sub-cent digits a
 * t3.micro needs, an unknown price or caller is said in words, never shown as $0 or a blank.
 */

const usdSmall = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

/** "$262.40/h"; below a dollar up to four decimals ("$0.0116/h"), as AWS lists them. */
export const formatUsdPerHour = (amount: number) =>
  `${Math.abs(amount) < 1 && amount !== 0 ? usdSmall.format(amount) : formatUsd(amount)}/h`;

export const formatUsdPerDay = (amount: number) => `${formatUsd(amount)}/day`;

const KIND_LABELS: Record<LaunchResourceKindView, string> = {
  'ec2-instance': 'EC2 instance',
  'nat-gateway': 'NAT gateway',
  'rds-instance': 'RDS instance',
  'auto-scaling-group': 'Auto Scaling group',
};

export const LAUNCH_KINDS = Object.keys(KIND_LABELS) as LaunchResourceKindView[];

export const kindLabel = (kind: LaunchResourceKindView) => KIND_LABELS[kind];

/** "p4d.24xlarge", a resize "m5.large → m5.4xlarge", or "type unknown" when no event named it. */
export function describeType(row: Pick<LaunchLedgerRowView, 'type' | 'previous_type' | 'origin'>): string {
  const type = row.type ?? 'type unknown';
  if (row.origin === 'resize' && row.previous_type) return `${row.previous_type} → ${type}`;
  return type;
}

/**
 * The person or role behind a CloudTrail `userIdentity.arn`, short enough for a table cell:
 * `user/maya.chen` → "maya.chen", `assumed-role/Admin/maya@corp` → "maya@corp (Admin)".
 * Null when there was no trail to say.
 */
export function launchedByName(arn: string | null): string | null {
  if (!arn) return null;
  const resource = arn.split(':').slice(5).join(':');
  if (!resource) return arn;
  if (resource === 'root') return 'root account';
  const [type, ...rest] = resource.split('/');
  if (type === 'assumed-role' && rest.length >= 2) return `${rest.slice(1).join('/')} (${rest[0]})`;
  return rest.length > 0 ? (rest.at(-1) ?? resource) : resource;
}

const PRICE_SOURCES: Record<NonNullable<LaunchLedgerRowView['price_source']>, string> = {
  catalog: 'EC2 catalog',
  'pricing-api': 'AWS Price List',
  'price-table': 'Price table',
};

export const priceSourceLabel = (source: NonNullable<LaunchLedgerRowView['price_source']>) =>
  PRICE_SOURCES[source];

export const unpricedLabel = (count: number) => `${count} with price unknown`;

/** "Mar 3, 9:14 AM" in the person's time zone; the year only when it is not this year. */
export function formatEventTime(iso: string, timeZone: string, now = new Date()): string {
  const when = new Date(iso);
  const sameYear =
    new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone }).format(when) ===
    new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone }).format(now);
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: sameYear ? undefined : 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(when);
}

/** "just now", "4 min ago", "3 h ago", "2 days ago": how long since an event, for status lines. */
export function formatAge(iso: string, now = new Date()): string {
  const seconds = Math.max(0, (now.getTime() - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** How long a row ran or has been running: "45 min", "3 h 20 min", "2 days 4 h". */
export function formatDuration(startIso: string, endIso: string | null, now = new Date()): string {
  const end = endIso ? new Date(endIso) : now;
  const minutes = Math.max(0, Math.floor((end.getTime() - new Date(startIso).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} days ${hours % 24} h` : `${days} days`;
}

const dayOnly = /^\d{4}-\d{2}-\d{2}$/;

/** A day ("2025-03-02") or a timestamp, as "Mar 2, 2025"; a bare day is read as that calendar day. */
export function formatDayOrTime(value: string, timeZone: string): string {
  if (dayOnly.test(value)) return formatDayWithYear(value);
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(new Date(value));
}

const midnightUtc = /T00:00:00(\.0+)?Z$/;

/**
 * The last day the bill covers. The server sends the end of the billing data as an exclusive instant:
 * midnight UTC after the last day ("2026-11-27T00:00:00Z" for data through Nov 26), which is said as
 * that last day; any other instant is said in the person's time zone.
 */
export function formatBillDataEnd(billingDataEndsAt: string, timeZone: string): string {
  if (!midnightUtc.test(billingDataEndsAt)) return formatDayOrTime(billingDataEndsAt, timeZone);
  return formatDayWithYear(isoDayOfInstant(new Date(new Date(billingDataEndsAt).getTime() - 86_400_000)));
}

/**
 * The sentence under the figures: where the bill stops and the live ledger takes over. The bill's newest
 * day is still partial and is not counted, as the dashboard's "data complete through" says.
 */
export function billDataSentence(billingDataEndsAt: string | null, timeZone: string): string {
  if (!billingDataEndsAt) return 'No bill data yet: every launch since the integration was connected counts.';
  return `Bill data complete through ${formatBillDataEnd(billingDataEndsAt, timeZone)}; launches after it are priced live, on demand.`;
}

/**
 * The last day of the month the projection runs to. The server sends the month's exclusive end (the
 * first instant of the next month, UTC), which would read "Apr 1"; a person expects "Mar 31".
 */
export function formatMonthEnd(monthEnd: string): string {
  if (dayOnly.test(monthEnd)) return formatDayWithYear(monthEnd);
  return formatDay(isoDayOfInstant(new Date(new Date(monthEnd).getTime() - 1)));
}

/** The demo's notice after the GPU burst: what started where, and what to watch for. */
export const gpuBurstNotice = (burst: { count: number; instance_type: string; region: string }) =>
  `${burst.count} × ${burst.instance_type} launched in ${burst.region} — the alert arrives within a minute.`;
