import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import { useState } from 'react';
import type { WasteSettingsView } from '../../../../contracts/recommendation-list.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useUpdateWasteSettings, useWasteSettings } from '../api/waste-settings.ts';

const FIELDS: Array<{ key: keyof WasteSettingsView; label: string; suffix: string; description: string }> = [
  {
    key: 'unattached_days',
    label: 'Unattached volumes',
    suffix: ' days',
    description: 'A volume attached to nothing for longer than this',
  },
  {
    key: 'snapshot_age_days',
    label: 'Old snapshots',
    suffix: ' days',
    description: 'A snapshot older than this whose volume is gone',
  },
  {
    key: 'snapshots_kept_per_volume',
    label: 'Snapshots kept per volume',
    suffix: '',
    description: 'More than this many snapshots of one volume',
  },
  {
    key: 'nat_gateway_min_gb',
    label: 'Idle NAT gateway',
    suffix: ' GB',
    description: 'Processed less than this in 14 days',
  },
  {
    key: 'load_balancer_min_requests',
    label: 'Idle load balancer',
    suffix: ' requests',
    description: 'Fewer requests or new flows than this in 14 days',
  },
  {
    key: 'database_idle_days',
    label: 'Idle database',
    suffix: ' days',
    description: 'No connections on each of this many days',
  },
];

/** The field an API rejection names ("unattached_days: …"), to show its message beside that field. */
function fieldOf(message: string): keyof WasteSettingsView | undefined {
  const named = message.split(':')[0]?.trim();
  return FIELDS.find((field) => field.key === named)?.key;
}

/**
 * The waste findings' thresholds (decision 108): owners and admins change them, the list applies them at
 * its next read; members see them.
 */
export function WasteSettingsButton({ canEdit }: { canEdit: boolean }) {
  const [opened, setOpened] = useState(false);
  const settings = useWasteSettings();
  const update = useUpdateWasteSettings();
  const [draft, setDraft] = useState<Record<string, number | string>>({});
  const open = () => {
    setDraft({ ...(settings.data ?? {}) });
    update.reset();
    setOpened(true);
  };
  const failure = update.error ? rejectionMessage(update.error) : null;
  const failedField = failure ? fieldOf(failure) : undefined;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconAdjustments size={16} />}
        disabled={!settings.data}
        onClick={open}
      >
        Thresholds
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Waste thresholds" size="lg">
        <Stack>
          <Text size="sm" c="dimmed">
            What each finder flags. A change applies to the list at once, without a sync.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FIELDS.map((field) => (
              <NumberInput
                key={field.key}
                label={field.label}
                description={field.description}
                suffix={field.suffix}
                min={0}
                readOnly={!canEdit}
                value={draft[field.key] ?? ''}
                onChange={(value) => setDraft({ ...draft, [field.key]: value })}
                error={failedField === field.key ? failure : undefined}
              />
            ))}
          </SimpleGrid>
          {failure && !failedField && (
            <Text c="red" size="sm" role="alert">
              {failure}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {canEdit ? 'Cancel' : 'Close'}
            </Button>
            {canEdit && (
              <Button
                loading={update.isPending}
                onClick={() =>
                  update.mutate(
                    Object.fromEntries(
                      FIELDS.map((field) => [field.key, Number(draft[field.key])]),
                    ) as unknown as WasteSettingsView,
                    { onSuccess: () => setOpened(false) },
                  )
                }
              >
                Save thresholds
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
