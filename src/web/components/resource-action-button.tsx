import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconDatabaseOff, IconStackPop, IconTag } from '@tabler/icons-react';
import type { ActionOffer } from '../../domain/resource-action-offers.ts';

const BUTTONS: Record<
  ActionOffer['kind'],
  { label: string; name: (id: string) => string; icon: typeof IconTag }
> = {
  'scale-to-zero': {
    label: 'Scale group to 0',
    name: (id) => `Set the Auto Scaling group ${id} to 0`,
    icon: IconStackPop,
  },
  'stop-database': { label: 'Stop database', name: (id) => `Stop the database ${id}`, icon: IconDatabaseOff },
  'tag-for-review': { label: 'Tag for later', name: (id) => `Tag ${id} for later`, icon: IconTag },
};

/**
 * One offered action on a finding or a ledger row; it only opens the dry run, nothing changes yet.
 * `iconOnly`: the icon with its name in a tooltip, where a row already carries a wider button.
 */
export function ResourceActionButton({
  offer,
  onAct,
  iconOnly = false,
}: {
  offer: ActionOffer;
  onAct: () => void;
  iconOnly?: boolean;
}) {
  const button = BUTTONS[offer.kind];
  const Icon = button.icon;
  if (iconOnly)
    return (
      <Tooltip label={button.label} withArrow>
        <ActionIcon variant="default" size="md" onClick={onAct} aria-label={button.name(offer.resource.id)}>
          <Icon size={15} />
        </ActionIcon>
      </Tooltip>
    );
  return (
    <Button
      size="compact-xs"
      variant={offer.kind === 'tag-for-review' ? 'default' : 'light'}
      color={offer.kind === 'tag-for-review' ? undefined : 'red'}
      leftSection={<Icon size={14} />}
      onClick={onAct}
      aria-label={button.name(offer.resource.id)}
    >
      {button.label}
    </Button>
  );
}
