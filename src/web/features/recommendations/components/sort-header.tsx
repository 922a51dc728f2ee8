import type { ReactNode } from 'react';
import type { Ec2SortField } from '../../../../contracts/recommendations.ts';
import { SortableHeader } from '../../../components/sortable-header.tsx';
import type { Ec2FindingFilters } from '../api/get-ec2-findings.ts';

/** Numbers sort largest first on the first click; names sort A to Z. */
const NUMERIC: Ec2SortField[] = ['savings', 'cost_now', 'cost_after', 'cpu'];

/** A findings column header: sorts through the filters, which live in the URL. */
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
  const next = active ? (direction === 'desc' ? 'asc' : 'desc') : NUMERIC.includes(field) ? 'desc' : 'asc';
  return (
    <SortableHeader
      align={props.align}
      sorted={active ? (direction === 'asc' ? 'ascending' : 'descending') : null}
      onSort={() => onSort(field, next)}
    >
      {props.children}
    </SortableHeader>
  );
}
