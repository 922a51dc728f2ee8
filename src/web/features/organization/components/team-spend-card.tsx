import { Anchor, Badge, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TeamSpend } from '../../../../contracts/teams.ts';
import { addMonths } from '../../../../domain/calendar-days.ts';
import { formatMonthLong } from '../../../../domain/calendar-labels.ts';
import { RowsSkeleton, SectionError } from '../../../components/section-states.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { commitmentEndText } from '../../../lib/commitment-end-text.ts';
import { dataThrough } from '../../../lib/data-through.ts';
import { formatUsd, formatUsdHeadline } from '../../../lib/usd-format.ts';
import { useTeamSpend } from '../api/get-team-spend.ts';

type TeamBudget = TeamSpend['budgets'][number];

const STATE_BADGES: Record<TeamBudget['state'], { color: string; label: string }> = {
  ok: { color: 'teal', label: 'On track' },
  'forecast-to-exceed': { color: 'orange', label: 'Forecast over' },
  exceeded: { color: 'red', label: 'Exceeded' },
  'no-data': { color: 'gray', label: 'No data yet' },
};

function Figure({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId: string;
}) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

function BudgetLine({ budget }: { budget: TeamBudget }) {
  const badge = STATE_BADGES[budget.state];
  const used = budget.percent_used ?? 0;
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500} truncate>
          {budget.name}
        </Text>
        <Badge color={budget.paused ? 'gray' : badge.color} variant="light" size="sm">
          {budget.paused ? 'Paused' : badge.label}
        </Badge>
      </Group>
      <Progress
        value={Math.min(used, 100)}
        color={badge.color}
        size="sm"
        aria-label={`${budget.name} used`}
      />
      <Text size="xs" c="dimmed">
        {budget.state === 'no-data'
          ? `No cost data yet · budget ${formatUsd(budget.amount_usd)}`
          : `${formatUsd(budget.actual_usd)} of ${formatUsd(budget.amount_usd)} (${used.toFixed(0)}%)`}
        {budget.forecast_usd !== null ? ` · forecast ${formatUsd(budget.forecast_usd)}` : ''}
      </Text>
    </Stack>
  );
}

/** The team's own spend this month (its accounts and tag values) and the state of the budgets on them. */
export function TeamSpendCard({ slug, manages }: { slug: string; manages: boolean }) {
  const spend = useTeamSpend(slug);
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb="sm">
        This month
      </Title>
      {spend.isPending && <RowsSkeleton rows={2} label="the team's spend" />}
      {spend.isError &&
        (spend.error instanceof ApiRequestError && spend.error.status === 404 ? (
          <Text size="sm" c="dimmed" data-testid="team-spend-not-yours">
            Your view of spend covers your own teams. This team's spend is shown to its members and to the
            organization's owners and admins.
          </Text>
        ) : (
          <SectionError what="the team's spend" error={spend.error} />
        ))}
      {spend.isSuccess && !spend.data.month && (
        <Stack gap="xs">
          <Text size="sm">Spend for this team appears once cost data is connected.</Text>
          {manages ? (
            <Anchor component={Link} to="/aws-integration" size="sm" display="inline-flex" style={{ gap: 6 }}>
              <IconPlugConnected size={16} /> Connect AWS cost data
            </Anchor>
          ) : (
            <Text size="xs" c="dimmed">
              Owners and admins connect it from AWS Integrations.
            </Text>
          )}
        </Stack>
      )}
      {spend.isSuccess && spend.data.month && (
        <Stack gap="md">
          <SimpleGrid cols={3} spacing="sm">
            <Figure
              label="Month to date"
              value={formatUsdHeadline(spend.data.month.month_end_forecast.month_to_date)}
              hint={formatMonthLong(spend.data.month.month_end_forecast.month)}
              testId="team-month-to-date"
            />
            <Figure
              label="Forecast"
              value={formatUsdHeadline(spend.data.month.month_end_forecast.forecast)}
              hint="month end"
              testId="team-forecast"
            />
            <Figure
              label="Last month"
              value={
                spend.data.month.last_month_held ? formatUsdHeadline(spend.data.month.last_month_total) : '—'
              }
              hint={`${spend.data.month.last_month_held ? '' : 'no bill data for '}${formatMonthLong(addMonths(spend.data.month.month_end_forecast.month, -1))}`}
              testId="team-last-month"
            />
          </SimpleGrid>
          {spend.data.month.month_end_forecast.commitment_ends.map((end) => (
            <Text key={end.commitment_id} size="sm" c="orange.8" data-testid="team-forecast-commitment-end">
              {commitmentEndText(end)}
            </Text>
          ))}
          <Text size="xs" c="dimmed">
            {spend.data.whole_organization
              ? 'This team owns no accounts or tag values, so these are the whole organization’s figures.'
              : `Costs of the team’s accounts and tag values in ${spend.data.month.integration.name}, unblended.`}
            {spend.data.month.fresh_through
              ? ` Bill ${dataThrough(spend.data.month.fresh_through, spend.data.month.month_end_forecast.today)}.`
              : ''}
          </Text>
          {!spend.data.whole_organization && (
            <Stack gap="sm">
              <Text size="sm" fw={600}>
                Budgets
              </Text>
              {spend.data.budgets.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No budget watches this team’s accounts or tag values.{' '}
                  {manages && (
                    <Anchor component={Link} to="/notification" size="sm">
                      Create one
                    </Anchor>
                  )}
                </Text>
              ) : (
                spend.data.budgets.map((budget) => <BudgetLine key={budget.id} budget={budget} />)
              )}
            </Stack>
          )}
        </Stack>
      )}
    </Paper>
  );
}
