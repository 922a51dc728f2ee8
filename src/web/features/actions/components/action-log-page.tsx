import { Badge, Paper, Text } from '@mantine/core';
import type { ActionLogEntryView } from '../../../../contracts/actions.ts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { formatWhen } from '../../../lib/instant-format.ts';
import { useActionLog } from '../api/get-action-log.ts';

const OUTCOME_COLORS = {
  changed: 'teal',
  failed: 'red',
  'nothing-to-do': 'gray',
  refused: 'red',
  'would-change': 'yellow',
} as const;
const VIA_LABELS = {
  app: 'in the app',
  mail: 'mail link',
  slack: 'Slack',
  api: 'API token',
  policy: 'automatic policy',
} as const;

const COLUMNS: DataColumn<ActionLogEntryView>[] = [
  { header: 'When', cell: (entry) => <Text size="sm">{formatWhen(entry.at, 'seconds')}</Text> },
  {
    header: 'Resource',
    cell: (entry) => (
      <Text size="sm" ff="monospace">
        {entry.resource_id}
      </Text>
    ),
  },
  { header: 'Action', cell: (entry) => <Text size="sm">{entry.operation}</Text> },
  {
    header: 'State',
    cell: (entry) => (
      <Text size="sm">
        {entry.state_before} → {entry.state_after ?? '—'}
      </Text>
    ),
  },
  {
    header: 'Outcome',
    cell: (entry) => (
      <Badge color={OUTCOME_COLORS[entry.outcome]} variant="light">
        {entry.outcome}
      </Badge>
    ),
  },
  {
    header: 'Approved by',
    cell: (entry) => (
      <Text size="sm">
        {entry.approved_by_name} ({VIA_LABELS[entry.approved_via]})
      </Text>
    ),
  },
  {
    header: 'AWS answered',
    cell: (entry) => (
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {entry.aws_code ? `${entry.aws_code}: ` : ''}
        {entry.aws_message}
      </Text>
    ),
  },
];

/** Owners and admins: every resource Spendguard acted on, who approved it, how, and what AWS answered. */
export function ActionLogPage() {
  const log = useActionLog();
  return (
    <PageContainer>
      <ScreenHeader
        title="Actions log"
        description="Every instance Spendguard stopped or started for your organization, through your action role."
      />
      <Paper withBorder radius="md" p="md">
        {log.error ? (
          <Text c="red" role="alert">
            {log.error.message}
          </Text>
        ) : (
          <DataTable
            columns={COLUMNS}
            rows={log.data?.entries ?? []}
            rowKey={(entry) => entry.id}
            empty={<Text c="dimmed">No action yet.</Text>}
            phone="stack"
            verticalSpacing="sm"
            data-testid="action-log-table"
          />
        )}
      </Paper>
    </PageContainer>
  );
}
