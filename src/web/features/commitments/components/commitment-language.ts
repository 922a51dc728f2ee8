import type { CommitmentRow, CommitmentsView } from '../../../../contracts/commitments.ts';
import { formatMonthLong } from '../../../../domain/calendar-labels.ts';

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** An instant as the day it falls on in UTC ('Dec 20, 2026'), or a dash when the bill does not say. */
export const formatInstantDay = (iso: string | null) => (iso ? dayFormat.format(new Date(iso)) : '—');

export const formatPercent = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)}%`);

/** How a commitment's end reads in the table: its day, and how soon when within 60 days. */
export function endLabel(row: Pick<CommitmentRow, 'state' | 'ends_at' | 'days_until_end'>): string {
  if (row.state === 'expired') return `Ended ${formatInstantDay(row.ends_at)}`;
  if (row.days_until_end === null) return '—';
  if (row.days_until_end <= 60)
    return `${formatInstantDay(row.ends_at)} (in ${row.days_until_end} day${row.days_until_end === 1 ? '' : 's'})`;
  return formatInstantDay(row.ends_at);
}

/** What the row's term column shows: the term and the payment option as the bill writes them. */
export const termLabel = (row: CommitmentRow) =>
  [row.term, row.payment_option].filter((part) => part !== '').join(', ') || '—';

/** A Savings Plan's hourly commitment, or a reservation's count. */
export function sizeLabel(row: CommitmentRow): string {
  if (row.hourly_commitment_usd !== null) return `$${row.hourly_commitment_usd.toFixed(2)}/hour`;
  if (row.reserved_count !== null) return `${row.reserved_count} reserved`;
  return '—';
}

/** Utilization below this is shown as a warning: the commitment pays for hours nothing uses. */
export const LOW_UTILIZATION_PERCENT = 80;

/** Where a row was read, in the words of its Source column (decision 122). */
export const SOURCE_LABELS: Record<CommitmentRow['source'], string> = {
  bill: 'Bill',
  'aws-api': 'AWS API',
  both: 'Bill and AWS API',
};

export const SOURCE_EXPLANATIONS: Record<CommitmentRow['source'], string> = {
  bill: 'Read from the bill only: the AWS APIs do not list it (it ended, or it belongs to an account the role cannot read).',
  'aws-api':
    'Listed by the AWS APIs and not in the bill: a purchase queued to start, or one that ended before the months read. No usage to measure.',
  both: 'Listed by the AWS APIs (state, term and dates) and billed (use, cost and savings).',
};

/** The state badge: a queued purchase says the day it starts. */
export function stateLabel(row: CommitmentRow): string | null {
  if (row.state === 'queued') return `Queued, starts ${formatInstantDay(row.starts_at)}`;
  if (row.state === 'expired') return row.aws_state === 'retired' ? 'Retired' : 'Expired';
  return null;
}

/**
 * What a scope's tag pairs do on this page (decision 142): what commitments paid for of the usage they
 * select counts, and the commitments stay their billed accounts'.
 */
export function scopeTagsNote(tags: readonly string[]): string {
  const named = new Intl.ListFormat('en-US', { type: 'disjunction' }).format(tags);
  return `Your team also sees usage tagged ${named} in other accounts. What Savings Plans and reservations paid for of it counts here; the commitments themselves belong to the accounts billed for them.`;
}

/**
 * Why some months count less of a tag team's usage, and what brings it back (decision 143): one
 * sentence per reason, naming its months.
 */
export function tagGapsNote(gaps: CommitmentsView['tag_gaps']): string {
  const sentences: string[] = [];
  const before = gaps.filter((gap) => gap.reason === 'read-before');
  if (before.length > 0) {
    const one = before.length === 1;
    sentences.push(
      `${monthList(before)} ${one ? 'was' : 'were'} read before Spendguard kept what commitments paid for by tag, so the tagged usage of other accounts is not counted there: upload ${one ? "that month's bill" : "those months' bills"} again to count it (a sync reads a month again only when AWS rewrites its export).`,
    );
  }
  const tooMany = gaps.filter((gap) => gap.reason === 'too-many');
  if (tooMany.length > 0) {
    const one = tooMany.length === 1;
    const most = Math.max(...tooMany.map((gap) => gap.tag_days ?? 0));
    sentences.push(
      `The bill${one ? '' : 's'} of ${monthList(tooMany)} ${one ? 'holds' : 'hold up to'} ${most.toLocaleString('en-US')} groups of a day, account and tag set under commitments, more than this server keeps, so the tagged usage of other accounts is not counted there: an administrator can raise COMMITMENT_TAG_DAYS_MAX and read ${one ? 'it' : 'them'} again.`,
    );
  }
  return sentences.join(' ');
}

const monthList = (gaps: CommitmentsView['tag_gaps']) =>
  new Intl.ListFormat('en-US', { type: 'conjunction' }).format(
    gaps.map((gap) => formatMonthLong(`${gap.month}-01`)),
  );
