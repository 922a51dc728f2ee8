import { CloseButton, Group, Paper, Text } from '@mantine/core';

/** 'Hi there! Welcome to Spendguard. Confused? Let us help.' */
export function WelcomeBubble({ onOpen, onDismiss }: { onOpen(): void; onDismiss(): void }) {
  return (
    <Paper
      shadow="md"
      radius="lg"
      withBorder
      p="sm"
      maw={{ base: 'calc(100vw - 120px)', sm: 260 }}
      role="status"
    >
      <Group gap={4} align="flex-start" wrap="nowrap">
        <Text size="sm" style={{ cursor: 'pointer' }} onClick={onOpen}>
          Hi there! Welcome to Spendguard. Confused? Let us help.
        </Text>
        <CloseButton size="sm" aria-label="Dismiss the welcome message" onClick={onDismiss} />
      </Group>
    </Paper>
  );
}
