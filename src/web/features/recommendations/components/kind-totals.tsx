import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import type {
  RecommendationKind,
  RecommendationListView,
} from '../../../../contracts/recommendation-list.ts';
import { formatUsd } from '../../../../domain/money.ts';
import { KIND_NAMES } from './recommendation-kinds.ts';

/** One tile per kind: how many, what they save a month, how many have no price; a tile filters by its kind. */
export function KindTotals({
  totals,
  selected,
  onSelect,
}: {
  totals: RecommendationListView['totals'];
  selected: RecommendationKind | undefined;
  onSelect: (kind: RecommendationKind | undefined) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      {totals.map((total) => (
        <UnstyledButton
          key={total.kind}
          onClick={() => onSelect(selected === total.kind ? undefined : total.kind)}
          aria-pressed={selected === total.kind}
          p="sm"
          style={{
            border: `1px solid var(--mantine-color-${selected === total.kind ? 'blue-5' : 'gray-3'})`,
            borderRadius: 'var(--mantine-radius-md)',
          }}
        >
          <Text size="xs" c="dimmed">
            {KIND_NAMES[total.kind]} · {total.count}
          </Text>
          <Text fw={700} size="lg">
            {formatUsd(total.monthly_savings)}
            <Text span size="xs" c="dimmed" fw={400}>
              {' '}
              / month
            </Text>
          </Text>
          {total.price_unknown > 0 && (
            <Text size="xs" c="dimmed">
              {total.price_unknown} with price unknown
            </Text>
          )}
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
