import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Ec2SortField } from '../../../../contracts/recommendations.ts';
import type { Ec2FindingFilters } from '../api/get-ec2-findings.ts';

/** Numbers sort largest first on the first click; names sort A to Z. */
const NUMERIC: Ec2SortField[] = ['savings', 'cost_now', 'cost_after', 'cpu'];

export function SortHeader(props: {
  field: Ec2SortField;
  filters: Ec2FindingFilters;
  onSort: (field: Ec2SortField, direction: 'asc' | 'desc') => void;
  children: ReactNode;
  align?: 'right';
}) {
  const { field, filters, onSort } = props;
  const active = filters.sort === field;
  const direction = filters.order ?? (NUMERIC.includes(filters.sort) ? 'desc' : 'asc');
  const Icon = !active ? IconSelector : direction === 'desc' ? IconChevronDown : IconChevronUp;
  const next = active ? (direction === 'desc' ? 'asc' : 'desc') : NUMERIC.includes(field) ? 'desc' : 'asc';
  return (
    <Table.Th
      ta={props.align}
      aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton onClick={() => onSort(field, next)}>
        <Group gap={4} wrap="nowrap" justify={props.align === 'right' ? 'flex-end' : 'flex-start'}>
          <Text fw={600} size="sm">
            {props.children}
          </Text>
          <Icon size={14} stroke={1.5} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
