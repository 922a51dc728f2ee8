import { Button, Popover, Select, Stack, Text } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import { useState } from 'react';
import type { RightsizingSettingsView } from '../../../../contracts/recommendations.ts';
import { useUpdateRightsizingSettings } from '../api/update-rightsizing-settings.ts';

const PERCENTILES = [
  { value: '99.5', label: 'p99.5 (AWS Compute Optimizer default)' },
  { value: '95', label: 'p95' },
  { value: '90', label: 'p90' },
];
const HEADROOMS = [
  { value: '30', label: '30%' },
  { value: '20', label: '20% (AWS Compute Optimizer default)' },
  { value: '10', label: '10%' },
  { value: '0', label: 'None' },
];

/** The organization's CPU percentile and headroom; saving recomputes every finding. */
export function RightsizingSettingsButton({ settings }: { settings: RightsizingSettingsView }) {
  const [opened, setOpened] = useState(false);
  const [percentile, setPercentile] = useState(String(settings.cpu_percentile));
  const [headroom, setHeadroom] = useState(String(settings.headroom_percent));
  const update = useUpdateRightsizingSettings();
  return (
    <Popover opened={opened} onChange={setOpened} width={320} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconAdjustments size={14} />}
          onClick={() => setOpened((open) => !open)}
        >
          p{settings.cpu_percentile}, {settings.headroom_percent}% headroom
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Select
            label="CPU percentile"
            description="Which hourly CPU peak must fit: p99.5 ignores the busiest 0.5% of hours."
            data={PERCENTILES}
            value={percentile}
            onChange={(value) => value && setPercentile(value)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label="Headroom"
            description="Capacity kept free on the recommended type."
            data={HEADROOMS}
            value={headroom}
            onChange={(value) => value && setHeadroom(value)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          <Text size="xs" c="dimmed">
            Saving recomputes every finding for the organization.
          </Text>
          <Button
            loading={update.isPending}
            onClick={() =>
              update.mutate(
                { cpu_percentile: Number(percentile), headroom_percent: Number(headroom) },
                { onSuccess: () => setOpened(false) },
              )
            }
          >
            Save
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
