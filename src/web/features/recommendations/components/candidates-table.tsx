import { Badge, Table, Text } from '@mantine/core';
import type { Ec2FindingDetailView } from '../../../../contracts/recommendations.ts';
import { formatGiB, formatPercent, formatUsd } from './finding-language.ts';

/** The types the rule compared: the cheapest that fit, and the cheaper ones it turned down. */
export function CandidatesTable({ detail }: { detail: Ec2FindingDetailView }) {
  if (detail.candidates.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No candidate types were compared for this finding.
      </Text>
    );
  }
  return (
    <>
      <Text size="xs" c="dimmed" mb={6}>
        {detail.candidates_considered} types of the same architecture have the{' '}
        {formatGiB(detail.required_memory_gib)} of memory it needs; these are the closest in price. CPU there
        is the p{detail.percentile} scaled by vCPUs: {detail.vcpu} vCPU ×{' '}
        {formatPercent(detail.cpu_percentile)} ÷ the type's vCPUs.
      </Text>
      <Table striped withTableBorder fz="sm" aria-label="Candidate types">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Type</Table.Th>
            <Table.Th ta="right">vCPU</Table.Th>
            <Table.Th ta="right">Memory</Table.Th>
            <Table.Th ta="right">CPU there</Table.Th>
            <Table.Th ta="right">Cost / month</Table.Th>
            <Table.Th>Verdict</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.candidates.map((candidate) => (
            <Table.Tr key={candidate.type} fw={candidate.recommended ? 700 : undefined}>
              <Table.Td>
                {candidate.type}
                {candidate.generation === 'previous' && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    (previous generation)
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{candidate.vcpu}</Table.Td>
              <Table.Td ta="right">{formatGiB(candidate.memory_gib)}</Table.Td>
              <Table.Td ta="right">{formatPercent(candidate.projected_cpu_percent)}</Table.Td>
              <Table.Td ta="right">{formatUsd(candidate.monthly_cost)}</Table.Td>
              <Table.Td>
                {candidate.recommended ? (
                  <Badge color="teal">Recommended</Badge>
                ) : candidate.fits ? (
                  <Badge color="teal" variant="light">
                    Fits
                  </Badge>
                ) : (
                  <Badge color="red" variant="light">
                    Above {detail.target_cpu_percent}%
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
