import { Button, Group, Select, Switch, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ec2FindingKind } from '../../../../contracts/recommendations.ts';
import { FINDING_NAMES } from './finding-language.ts';
import type { FindingFiltersState } from './use-finding-filters.ts';

const FINDING_OPTIONS = ec2FindingKind.options.map((kind) => ({ value: kind, label: FINDING_NAMES[kind] }));

export function FindingFilters(props: { state: FindingFiltersState; accounts: string[]; regions: string[] }) {
  const { state } = props;
  const [search, setSearch] = useState(state.filters.search ?? '');
  const applySearch = useDebouncedCallback(
    (value: string) => state.setFilter('search', value.trim() || null),
    300,
  );
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <Select
        label="Finding"
        placeholder="All findings"
        data={FINDING_OPTIONS}
        value={state.filters.finding ?? null}
        onChange={(value) => state.setFilter('finding', value)}
        clearable
        w={190}
      />
      <Select
        label="Account"
        placeholder="All accounts"
        data={props.accounts}
        value={state.filters.account ?? null}
        onChange={(value) => state.setFilter('account', value)}
        clearable
        w={170}
      />
      <Select
        label="Region"
        placeholder="All regions"
        data={props.regions}
        value={state.filters.region ?? null}
        onChange={(value) => state.setFilter('region', value)}
        clearable
        w={150}
      />
      <TextInput
        label="Search"
        placeholder="Name, instance id or type"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          applySearch(event.currentTarget.value);
        }}
        w={240}
      />
      <Switch
        label="Show dismissed and snoozed"
        checked={state.filters.includeDismissed ?? false}
        onChange={(event) => state.setFilter('dismissed', event.currentTarget.checked ? 'shown' : null)}
        mb={8}
      />
      {state.hasFilters && (
        <Button
          variant="subtle"
          onClick={() => {
            setSearch('');
            state.clear();
          }}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
