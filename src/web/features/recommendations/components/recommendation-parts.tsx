import { Badge, Text, Tooltip } from '@mantine/core';
import type { RecommendationItem, RecommendationKind } from '../../../../contracts/recommendation-list.ts';
import { SOURCE_NAMES } from '../../../../domain/imported-recommendations.ts';
import { formatUsd } from '../../../../domain/money.ts';
import { ACTION_NAMES, KIND_COLORS, KIND_NAMES } from './recommendation-kinds.ts';

// The pieces of one recommendation that the desktop table and the phone cards both show.

export function Savings({ item }: { item: RecommendationItem }) {
  if (item.monthly_savings === null || !item.price.known) {
    return (
      <Tooltip multiline w={300} withArrow label={item.price.known ? '' : item.price.reason}>
        <Text size="sm" c="dimmed" style={{ cursor: 'help' }}>
          Price unknown
        </Text>
      </Tooltip>
    );
  }
  return (
    <Tooltip multiline w={300} withArrow label={`From ${item.price.source}`}>
      <Text size="sm" fw={600} style={{ cursor: 'help' }}>
        {formatUsd(item.monthly_savings)}
      </Text>
    </Tooltip>
  );
}

/** Who flagged it: Spendguard's own rules, or AWS (imported, decision 124). */
export function SourceLabel({ item }: { item: RecommendationItem }) {
  if (item.source === 'spendguard')
    return (
      <Text size="xs" c="dimmed" mt={4}>
        {SOURCE_NAMES.spendguard}
      </Text>
    );
  return (
    <Badge display="block" mt={4} size="xs" variant="outline" color="gray" tt="none">
      {SOURCE_NAMES[item.source]}
    </Badge>
  );
}

export function KindBadge({ kind }: { kind: RecommendationKind }) {
  return (
    <Badge
      color={KIND_COLORS[kind]}
      variant="light"
      tt="none"
      style={{ overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {KIND_NAMES[kind]}
    </Badge>
  );
}

export function OwnerName({ item, size = 'sm' }: { item: RecommendationItem; size?: 'sm' | 'xs' }) {
  if (!item.owner)
    return (
      <Text size={size} c="dimmed">
        No team
      </Text>
    );
  return (
    <Tooltip label={`Matched by ${item.owner.matched_by}`} withArrow>
      <Text size={size}>{item.owner.name}</Text>
    </Tooltip>
  );
}

/** Who set it aside, how and why. */
export function ActionNote({ item }: { item: RecommendationItem }) {
  if (!item.action) return null;
  return (
    <Text size="xs" c="dimmed" mt={4}>
      {ACTION_NAMES[item.action.kind]}
      {item.action.by ? ` by ${item.action.by}` : ''}: {item.action.reason ?? 'no reason given'}
    </Text>
  );
}
