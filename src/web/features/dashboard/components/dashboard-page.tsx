import { Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { dataThrough } from '../../../lib/data-through.ts';
import { usePersonToday } from '../../../lib/person-today.ts';
import { useSession } from '../../../lib/session.tsx';
import { useBillingData } from '../api/get-billing-data.ts';
import { useIntegrations } from '../api/get-integrations.ts';
import { useRunningLaunches } from '../api/get-launch-ledger.ts';
import {
  BillingErrorState,
  DashboardSkeleton,
  isNoIntegration,
  NoIntegrationState,
} from './dashboard-states.tsx';
import { GpuBurstButton } from './gpu-burst-button.tsx';
import { LaunchesCard } from './launches-card.tsx';
import { SpendCards } from './spend-cards.tsx';
import { SpendChartSkeleton } from './spend-chart-skeleton.tsx';
import { formatDayWithYear, formatRange } from './spend-format.ts';
import { SpendTable } from './spend-table.tsx';
import { TopMovers } from './top-movers.tsx';
import { unbilledLaunchesFor } from './unbilled-launches.ts';
import { UsageScenarioMenu } from './usage-scenario-menu.tsx';
import { useBillingView } from './use-billing-view.ts';
import { ViewControls } from './view-controls.tsx';

/** The charting library is the dashboard's largest part: the cards and the table paint without it. */
const SpendChart = lazy(() => import('./spend-chart.tsx').then((module) => ({ default: module.SpendChart })));

/** The screen people open every morning: where spend is, where it is heading, and what moved. */
export function DashboardPage() {
  const { user } = useSession();
  const today = usePersonToday();
  const { view, providers, change } = useBillingView(today, user?.view_customs);
  const billing = useBillingData(user?.user_id, view, providers);
  const integrations = useIntegrations();
  // The launches card's own query (one request for both): what the bill forecast does not hold yet.
  const launches = useRunningLaunches();
  const data = billing.data;

  if (isNoIntegration(billing.error) || (integrations.data && integrations.data.length === 0)) {
    return (
      <PageContainer>
        <ScreenHeader title="Dashboard" description="Your AWS spend, explained." />
        <NoIntegrationState />
      </PageContainer>
    );
  }

  // What the view shows, for the launches card and the forecast beside it (CloudTrail carries no tags).
  const launchesView = data
    ? {
        integrationId: data.integration.id,
        selectedTagValues: view.selectedTagValues,
        providers: providers.providers,
      }
    : null;

  // One line of text that wraps as a sentence does on a phone, not a row of pieces with dangling dots.
  const description = data ? (
    <span>
      <span data-testid="dashboard-range">{formatRange(data.start_date, data.end_date)}</span>
      {' · '}
      {data.integration.name}
      {data.fresh_through && (
        <>
          {' · '}
          <span data-testid="dashboard-data-through">{dataThrough(data.fresh_through, data.today)}</span>
        </>
      )}
    </span>
  ) : (
    'Your AWS spend, explained.'
  );

  return (
    <PageContainer>
      <ScreenHeader
        title="Dashboard"
        description={description}
        actions={
          <Group gap="xs">
            <GpuBurstButton />
            <UsageScenarioMenu />
          </Group>
        }
      />
      <LaunchesCard view={launchesView} />
      <ViewControls
        view={view}
        providers={providers}
        onChange={change}
        integrations={integrations.data ?? []}
        data={data}
      />
      {billing.isError && !data ? (
        <BillingErrorState error={billing.error} onRetry={() => billing.refetch()} />
      ) : !data ? (
        <DashboardSkeleton />
      ) : (
        <Stack
          gap="md"
          opacity={billing.isPlaceholderData ? 0.6 : 1}
          style={{ transition: 'opacity 120ms' }}
          aria-busy={billing.isFetching}
        >
          {billing.isError && <BillingErrorState error={billing.error} onRetry={() => billing.refetch()} />}
          <SpendCards data={data} unbilledLaunchesUsd={unbilledLaunchesFor(launches.data, launchesView)} />
          <Suspense fallback={<SpendChartSkeleton />}>
            <SpendChart key={`${data.group_by}-${data.tag_key}`} data={data} />
          </Suspense>
          <TopMovers data={data} />
          <SpendTable data={data} />
          <Text size="xs" c="dimmed">
            Amounts in USD, {data.is_amortized ? 'amortized' : 'unblended'}. "Today" is{' '}
            {formatDayWithYear(data.today)} in {data.time_zone}.
            {data.scoped ? ' You see the spend your teams own.' : ''}
            {data.visible_from > data.start_date
              ? ` Your plan shows spend from ${formatDayWithYear(data.visible_from)}.`
              : ''}
          </Text>
        </Stack>
      )}
    </PageContainer>
  );
}
