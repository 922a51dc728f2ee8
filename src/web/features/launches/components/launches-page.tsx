import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { LaunchLedgerSummaryView } from '../../../../contracts/launch-events.ts';
import {
  LaunchSummaryFigures,
  LaunchSummaryFiguresSkeleton,
} from '../../../components/launch-summary-figures.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { SectionError } from '../../../components/section-states.tsx';
import { billDataSentence, formatAge, unpricedLabel } from '../../../lib/launch-format.ts';
import { useMayAct } from '../../../lib/resource-actions.ts';
import { useSession } from '../../../lib/session.tsx';
import { useIntegrations } from '../api/get-integrations.ts';
import { useLaunchLedger } from '../api/get-launch-ledger.ts';
import {
  hasNarrowingFilter,
  type LedgerFilters,
  ledgerFiltersToParams,
  readLedgerFilters,
} from '../ledger-filters.ts';
import { LaunchLedgerTable } from './launch-ledger-table.tsx';
import { NoLaunchesState, NoMatchingLaunches } from './ledger-empty-state.tsx';
import { LedgerFiltersBar } from './ledger-filters-bar.tsx';
import { UsageRowsPanel } from './usage-rows-panel.tsx';

function SummaryPanel({ summary, timeZone }: { summary: LaunchLedgerSummaryView; timeZone: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} mb="md" data-testid="launch-summary">
      <Stack gap="md">
        <LaunchSummaryFigures summary={summary} />
        <Text size="xs" c="dimmed">
          {summary.unpriced_count > 0 && (
            <Text span fz="xs" c="orange.8" fw={600}>
              {unpricedLabel(summary.unpriced_count)} (not in the figures) ·{' '}
            </Text>
          )}
          {billDataSentence(summary.billing_data_ends_at, timeZone)}{' '}
          {summary.last_event_at ? `Last launch event ${formatAge(summary.last_event_at)}.` : ''} On-demand
          prices: Savings Plans, Reserved Instances and discounts are not applied. Rows show each price to the
          cent; the figures above add the prices before rounding.
        </Text>
      </Stack>
    </Paper>
  );
}

/** The launch ledger: everything launched or resized since the bill data, with filters kept in the URL. */
export function LaunchesPage() {
  const { user } = useSession();
  const timeZone = user?.default_timezone ?? 'UTC';
  const [params, setParams] = useSearchParams();
  const filters = readLedgerFilters(params);
  const ledger = useLaunchLedger(filters);
  const integrations = useIntegrations();
  // The ledger knows a resource's account, not its tags: a member scoped by tags acts from the findings.
  const mayAct = useMayAct();
  const change = (next: LedgerFilters) => setParams(ledgerFiltersToParams(next), { replace: true });
  const narrowed = hasNarrowingFilter(filters);

  return (
    <PageContainer>
      <ScreenHeader
        title="Launches"
        description="What was launched or resized since your bill data, priced live from launch events."
      />
      <UsageRowsPanel timeZone={timeZone} />
      {ledger.isPending ? (
        <Stack gap="md" aria-label="Loading the launch ledger">
          <Paper withBorder radius="md" p="lg">
            <LaunchSummaryFiguresSkeleton />
          </Paper>
          <Skeleton h={240} radius="md" />
        </Stack>
      ) : ledger.isError && !ledger.data ? (
        <SectionError what="the launch ledger" error={ledger.error} onRetry={() => ledger.refetch()} />
      ) : ledger.data.rows.length === 0 && !narrowed ? (
        <NoLaunchesState canManageIntegrations={user?.role !== 'member'} />
      ) : (
        <>
          <SummaryPanel summary={ledger.data.summary} timeZone={timeZone} />
          <LedgerFiltersBar
            filters={filters}
            onChange={change}
            integrations={integrations.data ?? []}
            rows={ledger.data.rows}
          />
          <Paper
            withBorder
            radius="md"
            p="md"
            opacity={ledger.isPlaceholderData ? 0.6 : 1}
            aria-busy={ledger.isFetching}
          >
            <LaunchLedgerTable
              rows={ledger.data.rows}
              timeZone={timeZone}
              empty={<NoMatchingLaunches onClear={() => change({ status: 'all' })} />}
              mayAct={(row) =>
                mayAct({ integrationId: row.integration_id, accountId: row.account_id, tags: {} })
              }
            />
          </Paper>
        </>
      )}
    </PageContainer>
  );
}
