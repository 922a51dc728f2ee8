import { Badge, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { ApiTokenView } from '../../../../contracts/api-tokens.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { RowsSkeleton, SectionError } from '../../../components/section-states.tsx';
import { formatWhen, formatWhenDay } from '../../../lib/instant-format.ts';
import { useApiTokens } from '../api/list-api-tokens.ts';
import { useRevokeApiToken } from '../api/revoke-api-token.ts';

dayjs.extend(relativeTime);

const STATUS_COLORS = { active: 'green', expired: 'orange', revoked: 'gray' } as const;
const STATUS_LABELS = { active: 'Active', expired: 'Expired', revoked: 'Revoked' } as const;

function When({ at, never }: { at: string | null; never: string }) {
  if (!at) return <Text size="sm">{never}</Text>;
  return (
    <Tooltip label={formatWhen(at)} withArrow>
      <Text size="sm">{dayjs(at).fromNow()}</Text>
    </Tooltip>
  );
}

function RevokeAction({ token }: { token: ApiTokenView }) {
  const revoke = useRevokeApiToken();
  if (token.status !== 'active') return null;
  return (
    <Group justify="flex-end">
      <ConfirmButton
        size="xs"
        variant="subtle"
        color="red"
        question={`Revoke "${token.name}"? Scripts using it get 401 from now on.`}
        confirmLabel="Revoke"
        loading={revoke.isPending}
        onConfirm={() => revoke.mutate(token.id)}
      >
        Revoke
      </ConfirmButton>
    </Group>
  );
}

const TOKEN_COLUMNS: DataColumn<ApiTokenView>[] = [
  {
    header: 'Token',
    cell: (token) => (
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {token.name}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {token.hint}
        </Text>
      </Stack>
    ),
  },
  {
    header: 'Scopes',
    cell: (token) => (
      <Group gap={4}>
        {token.scopes.map((scope) => (
          <Badge key={scope} variant="light" color="blue" tt="none" ff="monospace" fw={500}>
            {scope}
          </Badge>
        ))}
      </Group>
    ),
  },
  {
    header: 'Status',
    cell: (token) => (
      <Badge variant="light" color={STATUS_COLORS[token.status]}>
        {STATUS_LABELS[token.status]}
      </Badge>
    ),
  },
  { header: 'Last used', cell: (token) => <When at={token.last_used_at} never="Never" /> },
  {
    header: 'Expires',
    cell: (token) => <Text size="sm">{token.expires_at ? formatWhenDay(token.expires_at) : 'Never'}</Text>,
  },
  {
    header: 'Created',
    cell: (token) => (
      <Stack gap={0}>
        <Text size="sm">{formatWhenDay(token.created_at)}</Text>
        <Text size="xs" c="dimmed">
          by {token.created_by ?? 'a former member'}
        </Text>
      </Stack>
    ),
  },
  { header: null, label: 'Actions', cell: (token) => <RevokeAction token={token} /> },
];

/** Every token of the organization, with its scopes, state and last use; active ones can be revoked. */
export function ApiTokensTable() {
  const tokens = useApiTokens(true);
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb="md">
        Tokens
      </Title>
      {tokens.isPending && <RowsSkeleton rows={3} label="API tokens" />}
      {tokens.isError && <SectionError what="the API tokens" error={tokens.error} />}
      {tokens.isSuccess && (
        <DataTable
          verticalSpacing="sm"
          phone="stack"
          rows={tokens.data}
          rowKey={(token) => token.id}
          empty="No API token yet. Create one for a script or a CI pipeline."
          columns={TOKEN_COLUMNS}
        />
      )}
    </Paper>
  );
}
