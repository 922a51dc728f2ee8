import { Group, Paper, Stack, Text } from '@mantine/core';
import type { Ec2FindingView } from '../../../../contracts/recommendations.ts';
import { RegionName } from '../../../components/region-name.tsx';
import { FindingBadge, LabelBadges } from './finding-badges.tsx';
import { formatPercent, formatUsd } from './finding-language.ts';
import { InstanceLink, Savings, TypeChange } from './findings-table.tsx';

/**
 * The figures under the type change: cost now and after, and the CPU the choice rests on. A stopped
 * instance bills no instance hours, so its cost is what it would be when running, as the table says.
 */
export function figuresOf(finding: Ec2FindingView, percentile: number): string {
  const now = finding.labels.includes('stopped') ? 'a month when running' : 'a month now';
  return [
    finding.monthly_cost_now === null ? null : `${formatUsd(finding.monthly_cost_now)} ${now}`,
    finding.monthly_cost_after === null ? null : `${formatUsd(finding.monthly_cost_after)} after`,
    finding.cpu_percentile === null ? null : `CPU p${percentile} ${formatPercent(finding.cpu_percentile)}`,
  ]
    .filter((part) => part !== null)
    .join(' · ');
}

/** On a phone, one card per finding: what to do, what it saves, and why, without scrolling sideways. */
function FindingCard(props: { finding: Ec2FindingView; percentile: number; onOpen: (id: string) => void }) {
  const { finding } = props;
  return (
    <Paper component="li" withBorder radius="md" p="sm" style={{ opacity: finding.action ? 0.6 : 1 }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <InstanceLink finding={finding} onOpen={props.onOpen} />
          <Text size="xs" c="dimmed">
            {finding.account_id} · <RegionName region={finding.region} />
          </Text>
          <LabelBadges finding={finding} />
        </Stack>
        <FindingBadge finding={finding} />
      </Group>
      <Group justify="space-between" align="center" gap={4} mt="xs">
        <TypeChange finding={finding} />
        <Group gap={4} wrap="nowrap">
          <Savings value={finding.monthly_savings} />
          <Text size="xs" c="dimmed">
            / month
          </Text>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {figuresOf(finding, props.percentile)}
      </Text>
      <Text size="xs" c="dark.4" mt={6}>
        {finding.why}
      </Text>
    </Paper>
  );
}

export function FindingCards(props: {
  findings: Ec2FindingView[];
  percentile: number;
  onOpen: (id: string) => void;
}) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="EC2 findings">
      {props.findings.map((finding) => (
        <FindingCard key={finding.id} finding={finding} percentile={props.percentile} onOpen={props.onOpen} />
      ))}
    </Stack>
  );
}
