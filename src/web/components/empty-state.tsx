import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a screen shows when there is nothing yet, with the next step a person can take. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={48}>
      <Stack align="center" gap="sm" maw={520} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <Title order={3} ta="center">
          {title}
        </Title>
        <Text c="dimmed" ta="center">
          {children}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}
