import { Text } from '@mantine/core';
import type { CommitmentRow } from '../../../../contracts/commitments.ts';
import { endLabel } from './commitment-language.ts';

/** When a commitment ends, in orange while it is active and ends within 60 days. */
export function CommitmentEndText({
  row,
}: {
  row: Pick<CommitmentRow, 'state' | 'ends_at' | 'days_until_end'>;
}) {
  const soon = row.days_until_end !== null && row.days_until_end <= 60 && row.state === 'active';
  return (
    <Text size="sm" c={soon ? 'orange.8' : undefined}>
      {endLabel(row)}
    </Text>
  );
}
