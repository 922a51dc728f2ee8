import { Group, Paper, Stack, Text } from '@mantine/core';
import type { RecommendationItem } from '../../../../contracts/recommendation-list.ts';
import type { ActionOffer } from '../../../../domain/resource-action-offers.ts';
import { RegionName } from '../../../components/region-name.tsx';
import { ResourceActionButton } from '../../../components/resource-action-button.tsx';
import { ClampedWhy } from './clamped-why.tsx';
import { RecommendationActionButton } from './recommendation-action-button.tsx';
import { ActionNote, KindBadge, OwnerName, Savings, SourceLabel } from './recommendation-parts.tsx';

interface CardsProps {
  /** Owners and admins set findings aside. */
  canAct: boolean;
  /** The actions on a finding's resource the person may approve (decision 126), as the table offers them. */
  offersFor: (item: RecommendationItem) => ActionOffer[];
  onOffer: (item: RecommendationItem, offer: ActionOffer) => void;
}

/**
 * On a phone, one card per recommendation: what it is, who owns it, what it saves and why, and the same
 * buttons as the table's row, wrapping below it.
 */
function RecommendationCard({ item, canAct, offersFor, onOffer }: CardsProps & { item: RecommendationItem }) {
  const offers = offersFor(item);
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <KindBadge kind={item.kind} />
          <SourceLabel item={item} />
        </Stack>
        <Savings item={item} />
      </Group>
      <Text size="sm" fw={500} mt="xs" style={{ overflowWrap: 'anywhere' }}>
        {item.name ?? item.resource_id}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {item.resource_id}
      </Text>
      <Group gap={4} mt={2} wrap="wrap">
        <Text size="xs" c="dimmed">
          {item.account_id} · <RegionName region={item.region} /> ·
        </Text>
        <OwnerName item={item} size="xs" />
      </Group>
      <Stack gap={4} mt="xs">
        <ClampedWhy text={item.why} />
        <ActionNote item={item} />
      </Stack>
      {(canAct || offers.length > 0) && (
        <Group justify="flex-end" gap={6} mt="xs" wrap="wrap">
          {offers.map((offer) => (
            <ResourceActionButton key={offer.kind} offer={offer} onAct={() => onOffer(item, offer)} />
          ))}
          {canAct && <RecommendationActionButton item={item} />}
        </Group>
      )}
    </Paper>
  );
}

export function RecommendationCards({ findings, ...props }: CardsProps & { findings: RecommendationItem[] }) {
  if (findings.length === 0)
    return (
      <Text size="sm" c="dimmed" p="md">
        Nothing matches these filters.
      </Text>
    );
  return (
    <Stack
      component="ul"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Every recommendation"
    >
      {findings.map((item) => (
        <RecommendationCard key={item.id} item={item} {...props} />
      ))}
    </Stack>
  );
}
