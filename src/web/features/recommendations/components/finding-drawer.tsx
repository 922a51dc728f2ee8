import { Alert, Divider, Drawer, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import type { Ec2FindingDetailView } from '../../../../contracts/recommendations.ts';
import { RegionName } from '../../../components/region-name.tsx';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useEc2Finding } from '../api/get-ec2-finding.ts';
import { CandidatesTable } from './candidates-table.tsx';
import { FindingActionButtons } from './finding-action-buttons.tsx';
import { FindingBadge, LabelBadges, PriceSourceNote } from './finding-badges.tsx';
import { formatGiB, formatPercent, formatUsd } from './finding-language.ts';

// The chart library is large: it loads when a drawer first opens, not with the table.
const CpuChart = lazy(() => import('./cpu-chart.tsx').then((module) => ({ default: module.CpuChart })));

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500} tt="uppercase">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function Facts({ detail }: { detail: Ec2FindingDetailView }) {
  const idle = detail.finding === 'idle';
  return (
    <SimpleGrid cols={3} spacing="md">
      <Fact label="Now">
        <Text fw={600}>{detail.current_type}</Text>
        <Text size="sm">
          {detail.vcpu ?? '—'} vCPU, {formatGiB(detail.memory_gib)}, {formatUsd(detail.monthly_cost_now)} a
          month
        </Text>
        <PriceSourceNote finding={detail} />
      </Fact>
      <Fact label={idle ? 'Recommended' : 'Recommended type'}>
        <Text fw={600} c={idle ? 'red.7' : 'teal.8'}>
          {idle ? 'Stop or terminate it' : (detail.recommended_type ?? 'Keep the current type')}
        </Text>
        <Text size="sm">
          {formatUsd(detail.monthly_cost_after)} a month
          {detail.monthly_savings > 0 ? `, saving ${formatUsd(detail.monthly_savings)}` : ''}
          {detail.monthly_savings < 0 ? `, ${formatUsd(-detail.monthly_savings)} more` : ''}
        </Text>
      </Fact>
      <Fact label="Usage over 14 days">
        <Text size="sm">
          CPU p{detail.percentile}: {formatPercent(detail.cpu_percentile)}
          {detail.recommended_type
            ? `, ${formatPercent(detail.projected_cpu_percent)} on ${detail.recommended_type}`
            : ''}
        </Text>
        <Text size="sm">
          Memory used p{detail.percentile}:{' '}
          {detail.memory_percentile === null
            ? 'not reported (no CloudWatch agent)'
            : formatPercent(detail.memory_percentile)}
        </Text>
        <Text size="sm">Quiet days (idle rule): {detail.idle.low_use_days} of 14</Text>
      </Fact>
    </SimpleGrid>
  );
}

function DrawerBody({ detail, canAct }: { detail: Ec2FindingDetailView; canAct: boolean }) {
  return (
    <Stack gap="lg">
      <Group gap="xs">
        <FindingBadge finding={detail} />
        <LabelBadges finding={detail} />
        <Text size="sm" c="dimmed">
          {detail.account_id} · <RegionName region={detail.region} /> · {detail.state}
        </Text>
      </Group>
      <Text>{detail.why}</Text>
      <FindingActionButtons finding={detail} canAct={canAct} />
      <Facts detail={detail} />
      <Divider />
      <div>
        <Title order={4} size="h5" mb="xs">
          CPU, hour by hour (UTC)
        </Title>
        <Suspense fallback={<Skeleton h={260} />}>
          <CpuChart detail={detail} />
        </Suspense>
      </div>
      <div>
        <Title order={4} size="h5" mb="xs">
          Candidates considered
        </Title>
        <CandidatesTable detail={detail} />
      </div>
    </Stack>
  );
}

export function FindingDrawer(props: { findingId: string | null; canAct: boolean; onClose: () => void }) {
  const query = useEc2Finding(props.findingId);
  const title = query.data ? (query.data.name ?? query.data.instance_id) : 'Instance';
  return (
    <Drawer
      opened={props.findingId !== null}
      onClose={props.onClose}
      position="right"
      size="xl"
      title={
        <Stack gap={0}>
          <Title order={3}>{title}</Title>
          {query.data?.name && (
            <Text size="xs" c="dimmed" ff="monospace">
              {query.data.instance_id}
            </Text>
          )}
        </Stack>
      }
    >
      {query.isPending && (
        <Stack>
          <Skeleton h={24} w="60%" />
          <Skeleton h={80} />
          <Skeleton h={260} />
        </Stack>
      )}
      {query.isError && (
        <Alert color="red" title="This finding could not be loaded">
          {rejectionMessage(query.error)}
        </Alert>
      )}
      {query.data && <DrawerBody detail={query.data} canAct={props.canAct} />}
    </Drawer>
  );
}
