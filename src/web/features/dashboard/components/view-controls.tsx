import {
  ActionIcon,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Switch,
  Tooltip,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import type { BillingData } from '../../../../contracts/billing-data.ts';
import type { IntegrationView } from '../../../../contracts/integrations.ts';
import {
  ALL_TAG_KEYS,
  ALL_TAG_VALUES,
  type BillingView,
  type ViewMode,
} from '../../../../domain/billing-view.ts';
import { addDays, addMonths, type IsoDay } from '../../../../domain/calendar-days.ts';
import { type ProviderView, showsProviderControl } from '../api/provider-view.ts';
import { ProviderFilter } from './provider-filter.tsx';
import type { BillingViewChange } from './use-billing-view.ts';

// The date pickers (and @mantine/dates) load after the first paint; the arrows work at once.
const PeriodInput = lazy(() =>
  import('./period-input.tsx').then((module) => ({ default: module.PeriodInput })),
);

const MODES: Array<{ value: ViewMode; label: string }> = [
  { value: 'day', label: 'Day' },
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year' },
];

function step(view: BillingView, direction: 1 | -1): IsoDay {
  if (view.viewMode === 'day') return addDays(view.startDate, direction);
  return addMonths(view.startDate, view.viewMode === 'month' ? direction : 12 * direction);
}

function PeriodPicker({
  view,
  onChange,
}: {
  view: BillingView;
  onChange: (change: BillingViewChange) => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={`Previous ${view.viewMode}`}>
        <ActionIcon
          variant="default"
          size={36}
          aria-label={`Previous ${view.viewMode}`}
          onClick={() => onChange({ startDate: step(view, -1) })}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
      </Tooltip>
      <Suspense fallback={<Skeleton height={36} width={150} radius="sm" />}>
        <PeriodInput view={view} onChange={onChange} />
      </Suspense>
      <Tooltip label={`Next ${view.viewMode}`}>
        <ActionIcon
          variant="default"
          size={36}
          aria-label={`Next ${view.viewMode}`}
          onClick={() => onChange({ startDate: step(view, 1) })}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The group-by choice that splits by provider; tag keys are the other choices, never this one. */
const BY_PROVIDER = '\u0000provider';

/**
 * Integration, period, grouping, tag values, providers (when the data holds more than one) and
 * amortized: every choice lands in the URL, the spec's ones in view_customs too.
 */
export function ViewControls({
  view,
  providers,
  onChange,
  integrations,
  data,
}: {
  view: BillingView;
  providers: ProviderView;
  onChange: (change: BillingViewChange) => void;
  integrations: IntegrationView[];
  data: BillingData | undefined;
}) {
  const withProviders = showsProviderControl(data, providers);
  const defaultIntegration = integrations.find((integration) => integration.is_default);
  const defaultName = defaultIntegration?.name;
  // `default` follows whichever integration is the default; the others are listed by name.
  const integrationOptions = [
    { value: 'default', label: defaultName ?? 'Default integration' },
    ...integrations
      .filter((integration) => !integration.is_default)
      .map((integration) => ({ value: integration.id, label: integration.name })),
  ];
  // Wide enough for the longest name (a `ch` is at least an average character), within bounds; on a
  // phone the control takes its whole row instead.
  const longestName = Math.max(...integrationOptions.map((option) => option.label.length));
  const integrationWidth = `clamp(12.5rem, ${longestName}ch + 3.5rem, 24rem)`;
  const tagKeys = [
    ...new Set([...(data?.tag_keys ?? []), ...(view.tagKey === ALL_TAG_KEYS ? [] : [view.tagKey])]),
  ];
  const selected = view.selectedTagValues === ALL_TAG_VALUES ? [] : view.selectedTagValues;
  const tagValues = [...new Set([...(data?.tag_key === view.tagKey ? data.tag_values : []), ...selected])];
  return (
    <Paper withBorder radius="md" p="sm" mb="md">
      <Group gap="sm" wrap="wrap">
        <Select
          aria-label="Integration"
          data={integrationOptions}
          value={view.integration === defaultIntegration?.id ? 'default' : view.integration}
          onChange={(value) => value && onChange({ integration: value })}
          allowDeselect={false}
          w={{ base: '100%', xs: integrationWidth }}
          comboboxProps={{ position: 'bottom-start' }}
          size="sm"
        />
        <SegmentedControl
          aria-label="View mode"
          data={MODES}
          value={view.viewMode}
          onChange={(value) => onChange({ viewMode: value as ViewMode })}
        />
        <PeriodPicker view={view} onChange={onChange} />
        <Select
          aria-label="Group by"
          data={[
            { value: ALL_TAG_KEYS, label: 'Group by service' },
            ...(withProviders ? [{ value: BY_PROVIDER, label: 'Group by provider' }] : []),
            ...tagKeys.map((key) => ({ value: key, label: `Tag: ${key}` })),
          ]}
          value={providers.groupByProvider ? BY_PROVIDER : view.tagKey}
          onChange={(value) =>
            value &&
            onChange(
              value === BY_PROVIDER ? { groupByProvider: true } : { tagKey: value, groupByProvider: false },
            )
          }
          allowDeselect={false}
          w={190}
          size="sm"
        />
        <MultiSelect
          aria-label="Tag values"
          data={tagValues}
          value={selected}
          onChange={(values) =>
            onChange({ selectedTagValues: values.length === 0 ? ALL_TAG_VALUES : values })
          }
          placeholder={
            view.tagKey === ALL_TAG_KEYS
              ? 'Choose a tag first'
              : selected.length === 0
                ? 'All values'
                : undefined
          }
          disabled={view.tagKey === ALL_TAG_KEYS}
          clearable
          searchable
          w={210}
          size="sm"
          maxDropdownHeight={280}
        />
        {withProviders && (
          <ProviderFilter
            data={data}
            providers={providers}
            onChange={(names) => onChange({ providers: names })}
          />
        )}
        <Switch
          label="Amortized"
          checked={view.isAmortized}
          onChange={(event) => onChange({ isAmortized: event.currentTarget.checked })}
        />
      </Group>
    </Paper>
  );
}
