import { Group, Select, Switch } from '@mantine/core';
import {
  type RecommendationKind,
  type RecommendationListView,
  recommendationKind,
} from '../../../../contracts/recommendation-list.ts';
import type { RecommendationFilters } from '../api/get-recommendations.ts';
import { KIND_NAMES } from './recommendation-kinds.ts';

/** Kind, account, region, owning team and tag: each narrows the list, its totals and the CSV alike. */
export function RecommendationFilterBar(props: {
  list: RecommendationListView;
  filters: RecommendationFilters;
  onChange: (patch: Partial<RecommendationFilters>) => void;
}) {
  const { list, filters, onChange } = props;
  return (
    <Group gap="sm" align="center">
      <Select
        aria-label="Kind"
        placeholder="Every kind"
        clearable
        data={recommendationKind.options.map((kind) => ({ value: kind, label: KIND_NAMES[kind] }))}
        value={filters.kind ?? null}
        onChange={(kind) => onChange({ kind: (kind ?? undefined) as RecommendationKind | undefined })}
        w={200}
      />
      <Select
        aria-label="Account"
        placeholder="Every account"
        clearable
        data={list.accounts}
        value={filters.account ?? null}
        onChange={(account) => onChange({ account: account ?? undefined })}
        w={170}
      />
      <Select
        aria-label="Region"
        placeholder="Every region"
        clearable
        data={list.regions}
        value={filters.region ?? null}
        onChange={(region) => onChange({ region: region ?? undefined })}
        w={150}
      />
      <Select
        aria-label="Team"
        placeholder="Every team"
        clearable
        data={list.teams.map((team) => ({ value: team.id, label: team.name }))}
        value={filters.team ?? null}
        onChange={(team) => onChange({ team: team ?? undefined })}
        w={170}
      />
      <Select
        aria-label="Tag"
        placeholder="Any tag"
        clearable
        searchable
        nothingFoundMessage="No finding has this tag"
        data={list.tags}
        value={filters.tag ?? null}
        onChange={(tag) => onChange({ tag: tag ?? undefined })}
        w={220}
      />
      <Switch
        label="Show those set aside"
        checked={filters.includeDismissed ?? false}
        onChange={(event) => onChange({ includeDismissed: event.currentTarget.checked })}
      />
    </Group>
  );
}
