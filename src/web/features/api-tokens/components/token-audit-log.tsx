import { Badge, Paper, Text, Title } from '@mantine/core';
import type { ApiTokenEvent } from '../../../../contracts/api-tokens.ts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { RowsSkeleton, SectionError } from '../../../components/section-states.tsx';
import { formatWhen } from '../../../lib/instant-format.ts';
import { useApiTokenEvents } from '../api/list-api-token-events.ts';

const ACTIONS: Record<ApiTokenEvent['action'], { label: string; color: string }> = {
  created: { label: 'Created', color: 'green' },
  revoked: { label: 'Revoked', color: 'gray' },
  'scope-denied': { label: 'Missing scope', color: 'orange' },
  'route-refused': { label: 'Refused route', color: 'red' },
  'use-refused': { label: 'Refused use', color: 'red' },
};

const EVENT_COLUMNS: DataColumn<ApiTokenEvent>[] = [
  {
    header: 'When',
    cell: (event) => <Text size="sm">{formatWhen(event.at, 'seconds')}</Text>,
  },
  {
    header: 'Action',
    cell: (event) => (
      <Badge variant="light" color={ACTIONS[event.action].color}>
        {ACTIONS[event.action].label}
      </Badge>
    ),
  },
  { header: 'Token', cell: (event) => <Text size="sm">{event.token_name}</Text> },
  { header: 'By', cell: (event) => <Text size="sm">{event.actor ?? 'The token itself'}</Text> },
  {
    header: 'Detail',
    cell: (event) => (
      <Text size="xs" c="dimmed">
        {event.detail}
      </Text>
    ),
  },
];

/** Owners: who created and revoked which token, and which calls were refused, newest first. */
export function TokenAuditLog() {
  const events = useApiTokenEvents(true);
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4">
        Audit log
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Creations, revocations and refused calls of the last 200 events. Only owners see this.
      </Text>
      {events.isPending && <RowsSkeleton rows={3} label="the audit log" />}
      {events.isError && <SectionError what="the audit log" error={events.error} />}
      {events.isSuccess && (
        <DataTable
          verticalSpacing="xs"
          phone="stack"
          rows={events.data}
          rowKey={(event) => event.id}
          empty="Nothing has happened to a token yet."
          columns={EVENT_COLUMNS}
        />
      )}
    </Paper>
  );
}
