import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { Ec2FindingView, Ec2SortField } from '../../../../contracts/recommendations.ts';
import type { Ec2FindingFilters } from '../api/get-ec2-findings.ts';
import { FindingBadge, LabelBadges, PriceSourceNote } from './finding-badges.tsx';
import { formatGiB, formatPercent, formatUsd } from './finding-language.ts';
import { SortHeader } from './sort-header.tsx';

export function TypeChange({ finding }: { finding: Ec2FindingView }) {
  const target =
    finding.finding === 'idle' ? (
      <Text size="sm" c="red.7" fw={600}>
        Stop
      </Text>
    ) : finding.recommended_type ? (
      <Text size="sm" fw={600} c="teal.8">
        {finding.recommended_type}
      </Text>
    ) : null;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{finding.current_type}</Text>
      {target && <IconArrowRight size={14} color="var(--mantine-color-gray-6)" />}
      {target}
    </Group>
  );
}

export function Savings({ value }: { value: number }) {
  if (value > 0)
    return (
      <Text size="sm" fw={700} c="teal.8">
        {formatUsd(value)}
      </Text>
    );
  if (value < 0)
    return (
      <Text size="sm" c="grape.8">
        {formatUsd(-value)} more
      </Text>
    );
  return <Text size="sm">—</Text>;
}

/** The instance's name (or id), which opens its drawer: CPU chart and the types compared. */
export function InstanceLink({ finding, onOpen }: { finding: Ec2FindingView; onOpen: (id: string) => void }) {
  return (
    <Anchor component="button" type="button" fw={600} size="sm" ta="left" onClick={() => onOpen(finding.id)}>
      {finding.name ?? finding.instance_id}
    </Anchor>
  );
}

const COLUMN_COUNT = 9;

/** Two table rows per finding: the figures, then the one-sentence why across the whole width. */
function FindingRows({ finding, onOpen }: { finding: Ec2FindingView; onOpen: (id: string) => void }) {
  const faded = { opacity: finding.action ? 0.6 : 1 };
  return (
    <>
      <Table.Tr style={{ ...faded, borderBottom: 'none' }}>
        <Table.Td>
          <Stack gap={2}>
            <InstanceLink finding={finding} onOpen={onOpen} />
            <Text size="xs" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              {finding.instance_id}
            </Text>
            <LabelBadges finding={finding} />
          </Stack>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{finding.account_id}</Text>
          <Text size="xs" c="dimmed">
            {finding.region}
          </Text>
        </Table.Td>
        <Table.Td>
          <TypeChange finding={finding} />
        </Table.Td>
        <Table.Td ta="right">
          <Text size="sm">{formatPercent(finding.cpu_percentile)}</Text>
        </Table.Td>
        <Table.Td ta="right">
          <Text size="sm">{formatGiB(finding.memory_gib)}</Text>
          {finding.memory_percentile !== null && (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatPercent(finding.memory_percentile)} used
            </Text>
          )}
        </Table.Td>
        <Table.Td ta="right">
          <Text size="sm">{formatUsd(finding.monthly_cost_now)}</Text>
          <Group justify="flex-end">
            {finding.labels.includes('stopped') ? (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                when running
              </Text>
            ) : (
              <PriceSourceNote finding={finding} />
            )}
          </Group>
        </Table.Td>
        <Table.Td ta="right">
          <Text size="sm">{formatUsd(finding.monthly_cost_after)}</Text>
        </Table.Td>
        <Table.Td ta="right">
          <Savings value={finding.monthly_savings} />
        </Table.Td>
        <Table.Td>
          <FindingBadge finding={finding} />
        </Table.Td>
      </Table.Tr>
      <Table.Tr style={faded}>
        <Table.Td colSpan={COLUMN_COUNT} pt={0}>
          <Text size="xs" c="dark.4">
            {finding.why}
          </Text>
        </Table.Td>
      </Table.Tr>
    </>
  );
}

export function FindingsTable(props: {
  findings: Ec2FindingView[];
  filters: Ec2FindingFilters;
  percentile: number;
  onSort: (field: Ec2SortField, direction: 'asc' | 'desc') => void;
  onOpen: (id: string) => void;
}) {
  const sortProps = { filters: props.filters, onSort: props.onSort };
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table verticalSpacing={8} aria-label="EC2 findings">
        <Table.Thead>
          <Table.Tr>
            <SortHeader field="name" {...sortProps}>
              Instance
            </SortHeader>
            <SortHeader field="account" {...sortProps}>
              Account, region
            </SortHeader>
            <Table.Th>Type now → recommended</Table.Th>
            <SortHeader field="cpu" align="right" {...sortProps}>
              {`CPU p${props.percentile}`}
            </SortHeader>
            <Table.Th ta="right">Memory</Table.Th>
            <SortHeader field="cost_now" align="right" {...sortProps}>
              Cost / month
            </SortHeader>
            <SortHeader field="cost_after" align="right" {...sortProps}>
              After
            </SortHeader>
            <SortHeader field="savings" align="right" {...sortProps}>
              Savings / month
            </SortHeader>
            <SortHeader field="finding" {...sortProps}>
              Finding
            </SortHeader>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.findings.map((finding) => (
            <FindingRows key={finding.id} finding={finding} onOpen={props.onOpen} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
