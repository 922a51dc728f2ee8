import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Ec2FindingListView } from '../../../../contracts/recommendations.ts';
import { formatDayWithYear } from '../../../../domain/calendar-labels.ts';
import { formatUsd } from './finding-language.ts';

function plural(count: number, noun: string) {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The headline a finance lead reads first: what acting on the findings would save, and how it was worked out. */
export function SavingsSummary({
  list,
  settingsControl,
}: {
  list: Ec2FindingListView;
  settingsControl?: ReactNode;
}) {
  const active = list.findings.filter((finding) => !finding.action);
  const idle = active.filter((finding) => finding.finding === 'idle').length;
  const oversized = active.filter((finding) => finding.finding === 'over-provisioned').length;
  // What upsizing the instances that run short adds, where a larger type is named and priced: the
  // savings are not the whole story of the page.
  const upsizes = active.filter(
    (finding) =>
      finding.finding === 'under-provisioned' &&
      finding.recommended_type !== null &&
      finding.monthly_savings < 0,
  );
  const upsizingCost = -upsizes.reduce((sum, finding) => sum + finding.monthly_savings, 0);
  const monthly = Math.round(list.total_monthly_savings * 100) / 100;
  const first = list.findings[0];
  const target = 100 - list.settings.headroom_percent;
  const window = first
    ? `${formatDayWithYear(first.window_start)} to ${formatDayWithYear(first.window_end)}`
    : 'the last 14 days';
  return (
    <Paper withBorder radius="md" p="lg" mb="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={500}>
            Possible savings a month
          </Text>
          <Title order={2} size={36} c="teal.8" data-testid="total-savings">
            {formatUsd(list.total_monthly_savings)}
          </Title>
          <Text size="sm">
            {formatUsd(monthly * 12)} a year, from {plural(idle, 'idle instance')} and{' '}
            {plural(oversized, 'over-provisioned instance')}
            {list.findings.length !== active.length ? ' (dismissed and snoozed ones not counted)' : ''}.
          </Text>
          {upsizes.length > 0 && (
            <Text size="sm" c="dimmed" data-testid="upsizing-cost">
              Upsizing{' '}
              {upsizes.length === 1
                ? 'the under-provisioned instance'
                : `the ${upsizes.length} under-provisioned instances`}{' '}
              would add {formatUsd(upsizingCost)} a month.
            </Text>
          )}
        </Stack>
        <Stack gap={6}>
          {/* The settings button goes under the heading when both do not fit (a 360 px phone). */}
          <Group justify="space-between" align="flex-start" gap="xs">
            <Text size="sm" fw={600}>
              How this is worked out
            </Text>
            {settingsControl}
          </Group>
          <Text size="xs" c="dark.4">
            CloudWatch metrics from {window} (UTC). CPU is the p{list.settings.cpu_percentile} of hourly
            maximums; a type fits when it would run the workload at or under {target}% (
            {list.settings.headroom_percent}% headroom) with the memory it uses, on the same architecture.
            Idle follows AWS Trusted Advisor: CPU at or under 10% and network at or under 5 MB on 4 of 14
            days. Costs are per month of 730 hours, from your bill when it lists the instance, else the
            on-demand Linux list price.
          </Text>
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
