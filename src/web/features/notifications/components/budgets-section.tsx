import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconDots, IconPlus, IconTargetArrow } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { BudgetView } from '../../../../contracts/alerts.ts';
import { formatBudgetPeriod, formatDayWithYear } from '../../../../domain/calendar-labels.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { dataThrough } from '../../../lib/data-through.ts';
import { usePersonToday } from '../../../lib/person-today.ts';
import { useDeleteBudget } from '../api/delete-budget.ts';
import { useBudgets } from '../api/list-budgets.ts';
import { usePauseBudget } from '../api/save-budget.ts';
import { describeFilter, formatUsd, formatWhen } from './alert-format.ts';
import { BudgetForecast } from './budget-forecast.tsx';
import { BudgetFormModal } from './budget-form-modal.tsx';

const STATE_BADGE = {
  ok: { color: 'teal', label: 'On track' },
  'forecast-to-exceed': { color: 'orange', label: 'Forecast to exceed' },
  exceeded: { color: 'red', label: 'Exceeded' },
  'no-data': { color: 'gray', label: 'No data yet' },
} as const;

const PERIOD_LABEL = { monthly: 'Monthly', quarterly: 'Quarterly', yearly: 'Yearly' } as const;

function BudgetCard({ budget, manages }: { budget: BudgetView; manages: boolean }) {
  const [editing, setEditing] = useState(false);
  const pause = usePauseBudget();
  const remove = useDeleteBudget();
  const { status } = budget;
  const today = usePersonToday();
  // With no cost data yet, $0.00 and 0% would read as nothing spent.
  const hasData = status.as_of !== null;
  const used = Math.min(100, status.percent_used ?? 0);
  const forecastPercent =
    status.forecast_usd === null ? null : (status.forecast_usd / budget.amount_usd) * 100;
  const barColor = used >= 100 ? 'red' : (forecastPercent ?? 0) >= 100 ? 'orange' : 'blue';
  return (
    <Paper withBorder p="lg" data-testid="budget-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={3} size="h5">
              {budget.name}
            </Title>
            {budget.paused && <Badge color="gray">Paused</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            {PERIOD_LABEL[budget.period]} · {formatUsd(budget.amount_usd)} · {budget.cost_basis} ·{' '}
            {describeFilter(budget.filter)}
          </Text>
        </Stack>
        {manages && (
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${budget.name}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setEditing(true)}>Edit</Menu.Item>
              <Menu.Item onClick={() => pause.mutate({ id: budget.id, paused: !budget.paused })}>
                {budget.paused ? 'Resume' : 'Pause'}
              </Menu.Item>
              <Menu.Item color="red" onClick={() => remove.mutate(budget.id)}>
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Group gap="xl" mt="md">
        <Stack gap={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Spent in {formatBudgetPeriod({ key: status.period_key }, 'short')}
          </Text>
          <Text fw={700} size="lg" data-testid="budget-spent">
            {hasData ? formatUsd(status.actual_usd) : '—'}
          </Text>
        </Stack>
        <BudgetForecast status={status} />
        <Stack gap={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Used
          </Text>
          <Text fw={700} size="lg">
            {!hasData || status.percent_used === null ? '—' : `${status.percent_used.toFixed(0)}%`}
          </Text>
        </Stack>
      </Group>
      <Progress value={used} color={barColor} mt="sm" aria-label="Share of the budget spent" />
      <Text size="xs" c="dimmed" mt={4}>
        {formatDayWithYear(status.period_start)} – {formatDayWithYear(status.period_end)}
        {status.as_of ? ` · ${dataThrough(status.as_of, today)}` : ' · no cost data yet'}
        {!hasData && manages && (
          <>
            {' · '}
            <Anchor component={Link} to="/aws-integration" size="xs">
              Connect AWS cost data
            </Anchor>
          </>
        )}
      </Text>
      <Table mt="md" verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Threshold</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Alerted</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {status.thresholds.map((threshold) => (
            <Table.Tr key={threshold.id}>
              <Table.Td>
                {threshold.percent}% of {threshold.basis === 'actual' ? 'actual spend' : 'forecast'}
              </Table.Td>
              <Table.Td>{formatUsd(threshold.amount_usd)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATE_BADGE[threshold.state].color}>
                  {STATE_BADGE[threshold.state].label}
                </Badge>
              </Table.Td>
              <Table.Td c="dimmed">
                {threshold.fired_at ? formatWhen(threshold.fired_at) : 'Not yet'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {(pause.isError || remove.isError) && (
        <Alert color="red" mt="sm" icon={<IconAlertCircle size={16} />}>
          {(pause.error ?? remove.error)?.message}
        </Alert>
      )}
      {editing && <BudgetFormModal opened onClose={() => setEditing(false)} budget={budget} />}
    </Paper>
  );
}

/** Budgets with spend, forecast and the state of each threshold; owners and admins manage them. */
export function BudgetsSection({ manages }: { manages: boolean }) {
  const budgets = useBudgets();
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Budgets
        </Title>
        {manages && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New budget
          </Button>
        )}
      </Group>
      {budgets.isPending && <Skeleton height={220} radius="md" aria-label="Loading budgets" />}
      {budgets.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Could not load the budgets">
          {rejectionMessage(budgets.error)}
        </Alert>
      )}
      {budgets.isSuccess && budgets.data.length === 0 && (
        <Paper withBorder p="xl">
          <Stack align="center" gap="xs">
            <IconTargetArrow size={28} color="var(--mantine-color-blue-6)" />
            <Text fw={600}>No budgets yet</Text>
            <Text size="sm" c="dimmed" ta="center" maw={460}>
              A budget warns by e-mail and Slack at 50%, 80% and 100% of what you plan to spend, and as soon
              as the forecast says you will go over.
            </Text>
          </Stack>
        </Paper>
      )}
      {budgets.isSuccess &&
        budgets.data.map((budget) => <BudgetCard key={budget.id} budget={budget} manages={manages} />)}
      {creating && <BudgetFormModal opened onClose={() => setCreating(false)} />}
    </Stack>
  );
}
