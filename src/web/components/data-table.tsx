import { Table, type TableProps, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './data-table.module.css';

export interface DataColumn<Row> {
  /** The header cell; `null` leaves it blank (an actions column), then `label` names it for screen readers. */
  header: ReactNode;
  /**
   * The column's name where the header is blank or not plain text: screen readers read it, and a phone
   * that stacks the row shows it beside the value (a blank header with no label shows the value alone).
   */
  label?: string;
  align?: 'right';
  /** Style of each body cell, e.g. `{ verticalAlign: 'top' }` for cells of several lines. */
  cellStyle?: CSSProperties;
  cell: (row: Row) => ReactNode;
}

export interface DataTableProps<Row> extends Omit<TableProps, 'children'> {
  columns: readonly (DataColumn<Row> | false)[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Said instead of the table when there are no rows. */
  empty: ReactNode;
  /**
   * What a narrow screen does: `{ scroll: minWidth }` keeps the table at least that wide and scrolls it
   * sideways inside its box; `stack` (below 48em) shows each row as a block of "label … value" lines
   * under its first cell.
   */
  phone: { scroll: number } | 'stack';
  /** Rows that need no column names (a short list of people) leave the header row out. */
  withHeader?: boolean;
}

const nameOf = <Row,>(column: DataColumn<Row>) =>
  column.label ?? (typeof column.header === 'string' ? column.header : undefined);

/**
 * The app's data tables: one header, one row per item, a sentence when there is nothing, and a chosen
 * behaviour on a phone. Columns given as `false` are left out (a column only managers see).
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  empty,
  phone,
  withHeader = true,
  className,
  ...tableProps
}: DataTableProps<Row>) {
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  const shown = columns.filter((column): column is DataColumn<Row> => column !== false);
  const stacked = phone === 'stack';
  const table = (
    <Table className={[stacked ? classes.stacked : '', className ?? ''].join(' ').trim()} {...tableProps}>
      {withHeader && (
        <Table.Thead>
          <Table.Tr>
            {shown.map((column, index) => (
              <Table.Th
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for the table's life
                key={index}
                ta={column.align}
                aria-label={column.header === null ? column.label : undefined}
              >
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
      )}
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {shown.map((column, index) => (
              <Table.Td
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for the table's life
                key={index}
                ta={column.align}
                style={column.cellStyle}
                data-label={stacked && index > 0 && column.header !== null ? nameOf(column) : undefined}
              >
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return stacked ? table : <Table.ScrollContainer minWidth={phone.scroll}>{table}</Table.ScrollContainer>;
}
