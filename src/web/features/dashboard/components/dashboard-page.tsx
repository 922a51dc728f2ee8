import { Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { lastFinalBillDay } from '../../../../domain/bill-completeness.ts';
import { ALL_TAG_VALUES, type SelectedTagValues } from '../../../../domain/billing-view.ts';
import { type IsoDay, isoDayInTimeZone } from '../../../../domain/calendar-days.ts';
import { AWS_PROVIDER } from '../../../../domain/cloud-providers.ts';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { useSession } from '../../../lib/session.tsx';
import { useBillingData } from '../api/get-billing-data.ts';
import { useIntegrations } from '../api/get-integrations.ts';
import { useRunningLaunches } from '../api/get-launch-ledger.ts';
import type { ProviderView } from '../api/provider-view.ts';
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
import { formatDay, formatDayWithYear, formatRange } from './spend-format.ts';
import { SpendTable } from './spend-table.tsx';
import { TopMovers } from './top-movers.tsx';
import { useBillingView } from './use-billing-view.ts';
import { ViewControls } from './view-controls.tsx';

/**
 * How far the bill data goes. Its newest day is still being billed while it is within the billing lag
 * (decision 018): the chart's last bar is partial, and the launch ledger counts from the day before.
 */
function dataThrough(freshThrough: IsoDay, today: IsoDay): string {
  const final = lastFinalBillDay(freshThrough, today);
  if (final >= freshThrough) return `data through ${formatDayWithYear(freshThrough)}`;
  return `data complete through ${formatDayWithYear(final)}, ${formatDay(freshThrough)} still arriving`;
}

/**
 * Whether the running launches belong to this view's spend: AWS resources, whose tags CloudTrail does
 * not carry, so a view narrowed to tag values or to other clouds cannot say (decision 047).
 */
const launchesCount = (view: { selectedTagValues: SelectedTagValues }, { providers }: ProviderView) =>
  view.selectedTagValues === ALL_TAG_VALUES && (providers.length === 0 || providers.includes(AWS_PROVIDER));

/** The charting library is the dashboard's largest part: the cards and the table paint without it. */
const SpendChart = lazy(() => import('./spend-chart.tsx').then((module) => ({ default: module.SpendChart })));

/** The screen people open every morning: where spend is, where it is heading, and what moved. */
export function DashboardPage() {
  const { user } = useSession();
  const timeZone = user?.default_timezone ?? 'UTC';
  const today = isoDayInTimeZone(new Date(), timeZone);
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

  const description = data ? (
    <Group gap={6} component="span">
      <span data-testid="dashboard-range">{formatRange(data.start_date, data.end_date)}</span>
      <span>·</span>
      <span>{data.integration.name}</span>
      {data.fresh_through && (
        <>
          <span>·</span>
          <span data-testid="dashboard-data-through">{dataThrough(data.fresh_through, data.today)}</span>
        </>
      )}
    </Group>
  ) : (
    'Your AWS spend, explained.'
  );

  return (
    <PageContainer>
      <ScreenHeader title="Dashboard" description={description} actions={<GpuBurstButton />} />
      <LaunchesCard />
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
          <SpendCards
            data={data}
            unbilledLaunchesUsd={
              launchesCount(view, providers) ? (launches.data?.summary.projected_month_end_usd ?? 0) : 0
            }
          />
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
