import { Button, type ButtonProps, Group, Popover, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/** A button that asks once more before doing something that cannot be undone. */
export function ConfirmButton({
  children,
  question,
  confirmLabel,
  onConfirm,
  loading,
  ...buttonProps
}: ButtonProps & {
  children: ReactNode;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  loading?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md" width={260}>
      <Popover.Target>
        <Button {...buttonProps} onClick={() => setOpened((open) => !open)}>
          {children}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text size="sm">{question}</Text>
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button
              size="xs"
              color="red"
              loading={loading}
              onClick={() => {
                setOpened(false);
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
