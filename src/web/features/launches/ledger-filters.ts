import { type LaunchLedgerQuery, launchLedgerQuery } from '../../../contracts/launch-events.ts';

/** The ledger's filters as they sit in the URL, so a view can be shared and reloaded. */
export type LedgerFilters = LaunchLedgerQuery;

const FILTER_NAMES = ['integration_id', 'account_id', 'region', 'kind'] as const;

/**
 * Reads the filters from the URL's search params. A value the server would refuse (a mistyped region
 * in a shared link) is dropped on its own, so the rest of the view still opens.
 */
export function readLedgerFilters(params: URLSearchParams): LedgerFilters {
  const status = launchLedgerQuery.shape.status.safeParse(params.get('status') ?? undefined);
  const filters: LedgerFilters = { status: status.success ? status.data : 'all' };
  for (const name of FILTER_NAMES) {
    const value = params.get(name);
    if (!value) continue;
    const parsed = launchLedgerQuery.shape[name].safeParse(value);
    if (parsed.success && parsed.data) Object.assign(filters, { [name]: parsed.data });
  }
  return filters;
}

/** The URL's search params for a set of filters; the defaults stay out so links stay short. */
export function ledgerFiltersToParams(filters: LedgerFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status !== 'all') params.set('status', filters.status);
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  return params;
}

export const hasNarrowingFilter = (filters: LedgerFilters) =>
  filters.status !== 'all' || FILTER_NAMES.some((name) => Boolean(filters[name]));
