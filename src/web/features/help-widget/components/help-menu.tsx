import { ActionIcon, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconMessages, IconX } from '@tabler/icons-react';
import type { ScheduleAnswer } from '../../../../contracts/consultations.ts';

interface HelpMenuProps {
  schedule: { isPending: boolean; isError: boolean; data?: ScheduleAnswer };
  onChat(): void;
  onSchedule(): void;
  onClose(): void;
}

function scheduleNote(schedule: HelpMenuProps['schedule']): string | null {
  if (schedule.isError) return 'The booking page could not be loaded. Try again in a moment.';
  if (schedule.data && !schedule.data.configured)
    return 'Booking a consultation is not set up on this server yet.';
  return null;
}

/** The pop-up offers Chat and Schedule; Schedule waits (spinner) for the schedule query. */
export function HelpMenu({ schedule, onChat, onSchedule, onClose }: HelpMenuProps) {
  const note = scheduleNote(schedule);
  const scheduleReady = Boolean(schedule.data?.url);
  return (
    <Paper
      shadow="xl"
      radius="lg"
      withBorder
      w={300}
      maw="calc(100vw - 48px)"
      p="md"
      role="dialog"
      aria-label="Contact us"
    >
      <Group justify="space-between" mb="sm">
        <Text fw={700}>How can we help?</Text>
        <ActionIcon variant="subtle" color="gray" aria-label="Close" onClick={onClose}>
          <IconX size={18} />
        </ActionIcon>
      </Group>
      <Stack gap="xs">
        <Button leftSection={<IconMessages size={18} />} onClick={onChat}>
          Chat
        </Button>
        <Button
          variant="light"
          leftSection={
            schedule.isPending ? (
              <Loader size={16} aria-label="Loading the booking page" />
            ) : (
              <IconCalendarEvent size={18} />
            )
          }
          disabled={!scheduleReady}
          onClick={onSchedule}
        >
          Schedule
        </Button>
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
