import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import type { IngestionRunView } from '../../../../contracts/integrations.ts';
import { formatMonthLong } from '../../../../domain/calendar-labels.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { formatUsd } from '../../../lib/usd-format.ts';
import { useDecideHeldRun } from '../api/decide-held-run.ts';

/**
 * An upload that would lower a month by more than half waits here: the current numbers stay until the
 * person replaces them or discards the file.
 */
export function HeldUploadAlert({ integrationId, run }: { integrationId: string; run: IngestionRunView }) {
  if (run.held_months === null) return <HeldForSomeoneElse run={run} />;
  return <HeldUploadDecision integrationId={integrationId} run={run} />;
}

/** A member limited to teams is not shown the organization's monthly totals: only that the file waits. */
function HeldForSomeoneElse({ run }: { run: IngestionRunView }) {
  return (
    <Alert
      color="orange"
      icon={<IconScale size={18} />}
      title={`${run.files.join(', ')} is held`}
      data-testid="held-upload"
    >
      <Text size="sm">
        It would lower a month's bill by more than half. The current numbers stay on every screen until an
        owner or admin replaces them or discards the file.
      </Text>
    </Alert>
  );
}

function HeldUploadDecision({ integrationId, run }: { integrationId: string; run: IngestionRunView }) {
  const decide = useDecideHeldRun();
  const months = run.held_months ?? [];
  const choose = (action: 'confirm' | 'discard') => decide.mutate({ integrationId, runId: run.id, action });
  return (
    <Alert
      color="orange"
      icon={<IconScale size={18} />}
      title={`${run.files.join(', ')} would lower ${months.length === 1 ? 'a month' : `${months.length} months`} by more than half`}
      data-testid="held-upload"
    >
      <Stack gap="sm">
        <Text size="sm">
          A file that holds much less than the month it replaces is often cut short or partial. The current
          numbers stay on every screen until you decide.
        </Text>
        <Table withRowBorders={false} verticalSpacing={2} maw={460}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Bill</Table.Th>
              <Table.Th ta="right">Now</Table.Th>
              <Table.Th ta="right">In the new file</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {months.map((month) => (
              <Table.Tr key={month.period}>
                <Table.Td>{formatMonthLong(month.period)} bill</Table.Td>
                <Table.Td ta="right">{formatUsd(month.current_usd)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatUsd(month.new_usd)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {decide.isError && (
          <Text size="sm" c="red">
            {rejectionMessage(decide.error)}
          </Text>
        )}
        <Group gap="xs">
          <Button
            size="xs"
            color="orange"
            loading={decide.isPending && decide.variables?.action === 'confirm'}
            disabled={decide.isPending}
            onClick={() => choose('confirm')}
          >
            Replace with the new file
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={decide.isPending && decide.variables?.action === 'discard'}
            disabled={decide.isPending}
            onClick={() => choose('discard')}
          >
            Keep the current numbers
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
