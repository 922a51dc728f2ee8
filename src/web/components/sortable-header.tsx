import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type SortDirection = 'ascending' | 'descending';

/** A column header that sorts the table when pressed; `sorted` says whether and how it sorts now. */
export function SortableHeader({
  children,
  sorted,
  align,
  onSort,
}: {
  children: ReactNode;
  sorted: SortDirection | null;
  align?: 'right';
  onSort: () => void;
}) {
  const Icon = sorted === null ? IconSelector : sorted === 'descending' ? IconChevronDown : IconChevronUp;
  return (
    <Table.Th ta={align} aria-sort={sorted ?? 'none'}>
      <UnstyledButton onClick={onSort}>
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
          <Text fw={600} size="sm">
            {children}
          </Text>
          <Icon size={14} stroke={1.5} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
