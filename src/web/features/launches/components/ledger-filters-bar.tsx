import { Paper, SegmentedControl, Select, SimpleGrid, Stack } from '@mantine/core';
import type { IntegrationView } from '../../../../contracts/integrations.ts';
import type { LaunchLedgerRowView } from '../../../../contracts/launch-events.ts';
import { kindLabel, LAUNCH_KINDS } from '../../../lib/launch-format.ts';
import type { LedgerFilters } from '../ledger-filters.ts';

interface Option {
  value: string;
  label: string;
}

const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label);

function accountOptions(integrations: readonly IntegrationView[], rows: readonly LaunchLedgerRowView[]) {
  const names = new Map<string, string>();
  for (const integration of integrations)
    for (const account of integration.accounts)
      names.set(account.id, account.name ? `${account.name} (${account.id})` : account.id);
  for (const row of rows) if (!names.has(row.account_id)) names.set(row.account_id, row.account_id);
  return [...names].map(([value, label]) => ({ value, label })).sort(byLabel);
}

/** The regions the rows name, and the chosen one even when the filter leaves no row there. */
function regionOptions(rows: readonly LaunchLedgerRowView[], chosen: string | undefined) {
  const regions = new Set(rows.map((row) => row.region));
  if (chosen) regions.add(chosen);
  return [...regions].sort().map((region) => ({ value: region, label: region }));
}

export function LedgerFiltersBar({
  filters,
  onChange,
  integrations,
  rows,
}: {
  filters: LedgerFilters;
  onChange: (filters: LedgerFilters) => void;
  integrations: readonly IntegrationView[];
  rows: readonly LaunchLedgerRowView[];
}) {
  const set = (name: 'integration_id' | 'account_id' | 'region' | 'kind') => (value: string | null) =>
    onChange({ ...filters, [name]: value ?? undefined });
  return (
    <Paper withBorder radius="md" p="sm" mb="md">
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Status"
          value={filters.status}
          onChange={(status) => onChange({ ...filters, status: status as LedgerFilters['status'] })}
          data={[
            { value: 'all', label: 'All' },
            { value: 'running', label: 'Running' },
            { value: 'ended', label: 'Ended' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Select
            label="Integration"
            placeholder="All integrations"
            clearable
            value={filters.integration_id ?? null}
            onChange={set('integration_id')}
            data={integrations
              .filter((item) => item.kind !== 'upload')
              .map((item) => ({ value: item.id, label: item.name }))}
          />
          <Select
            label="Account"
            placeholder="All accounts"
            clearable
            searchable
            value={filters.account_id ?? null}
            onChange={set('account_id')}
            data={accountOptions(integrations, rows)}
          />
          <Select
            label="Region"
            placeholder="All regions"
            clearable
            value={filters.region ?? null}
            onChange={set('region')}
            data={regionOptions(rows, filters.region)}
          />
          <Select
            label="Kind"
            placeholder="All kinds"
            clearable
            value={filters.kind ?? null}
            onChange={set('kind')}
            data={LAUNCH_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) }))}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
