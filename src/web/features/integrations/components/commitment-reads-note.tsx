import { Alert, Code, List, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { IntegrationView } from '../../../../contracts/integrations.ts';

type CommitmentRead = NonNullable<IntegrationView['commitment_reads']>['reads'][number];

const WHAT_IT_LISTS: Record<CommitmentRead['api'], string> = {
  'savings-plans': 'Savings Plans',
  'ec2-reservations': 'EC2 reservations',
  'rds-reservations': 'RDS reservations',
};

/**
 * The commitments APIs the last sync could not read (decision 122), each with the permission that would
 * read it: the Commitments page still shows what the bill says, without queued purchases and AWS's state.
 */
export function CommitmentReadsNote({ integration }: { integration: IntegrationView }) {
  const unread = integration.commitment_reads?.reads.filter((read) => read.state !== 'ok') ?? [];
  if (unread.length === 0) return null;
  const refused = unread.some((read) => read.state === 'missing-permission');
  return (
    <Alert
      color="yellow"
      icon={<IconLock size={18} />}
      title={refused ? 'Commitments: a permission is missing' : 'Commitments: an AWS read failed'}
      data-testid="commitment-reads-note"
    >
      <List size="sm" spacing={2}>
        {unread.map((read) => (
          <List.Item key={`${read.account_id}-${read.api}`}>
            {read.state === 'missing-permission' ? (
              <>
                {WHAT_IT_LISTS[read.api]} in account {read.account_id}: the role lacks{' '}
                <Code>{read.permission}</Code>. Update the stack from the latest template, or add it to the
                role&apos;s policy.
              </>
            ) : (
              <>
                {WHAT_IT_LISTS[read.api]} in account {read.account_id}: {read.message}
              </>
            )}
          </List.Item>
        ))}
      </List>
      <Text size="sm" mt={6}>
        The Commitments page still shows every commitment the bill names; queued purchases and AWS&apos;s own
        state appear once the role may read them.
      </Text>
    </Alert>
  );
}
