import { useSearchParams } from 'react-router';
import {
  type Ec2FindingKind,
  type Ec2SortField,
  ec2FindingKind,
  ec2SortField,
} from '../../../../contracts/recommendations.ts';
import type { Ec2FindingFilters } from '../api/get-ec2-findings.ts';

const FILTER_PARAMS = ['finding', 'account', 'region', 'search', 'dismissed'] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];

/**
 * The screen's filters, sort and open instance live in the URL, so a view can be shared and reloaded.
 * Unknown values in a pasted link are ignored rather than sent to the server.
 */
export function useFindingFilters() {
  const [params, setParams] = useSearchParams();
  const finding = ec2FindingKind.safeParse(params.get('finding'));
  const sort = ec2SortField.safeParse(params.get('sort'));
  const order = params.get('order');
  const filters: Ec2FindingFilters = {
    finding: finding.success ? finding.data : undefined,
    account: params.get('account') ?? undefined,
    region: params.get('region') ?? undefined,
    search: params.get('search') ?? undefined,
    includeDismissed: params.get('dismissed') === 'shown',
    sort: sort.success ? sort.data : 'savings',
    order: order === 'asc' || order === 'desc' ? order : undefined,
  };

  function update(patch: Record<string, string | null>) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  }

  return {
    filters,
    openInstanceId: params.get('instance'),
    hasFilters: FILTER_PARAMS.some((name) => params.has(name)),
    setFilter: (name: FilterParam, value: string | null) => update({ [name]: value }),
    setFinding: (value: Ec2FindingKind | null) => update({ finding: value }),
    sortBy(field: Ec2SortField, direction: 'asc' | 'desc') {
      update({ sort: field, order: direction });
    },
    open: (findingId: string | null) => update({ instance: findingId }),
    clear: () => update(Object.fromEntries(FILTER_PARAMS.map((name) => [name, null]))),
  };
}

export type FindingFiltersState = ReturnType<typeof useFindingFilters>;
