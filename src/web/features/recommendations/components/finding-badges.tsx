import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { Ec2FindingView } from '../../../../contracts/recommendations.ts';
import {
  FINDING_COLORS,
  FINDING_NAMES,
  findingMeaning,
  LABEL_MEANINGS,
  LABEL_NAMES,
  PRICE_SOURCE_NAMES,
  priceSourceMeaning,
} from './finding-language.ts';

/** The finding as a coloured badge; hovering it says what the finding means. */
export function FindingBadge({ finding }: { finding: Ec2FindingView }) {
  return (
    <Tooltip
      multiline
      w={300}
      withArrow
      label={findingMeaning(finding.finding, finding.percentile, finding.target_cpu_percent)}
    >
      <Badge
        color={FINDING_COLORS[finding.finding]}
        variant="light"
        tt="none"
        style={{ cursor: 'help', overflow: 'visible' }}
        styles={{ label: { overflow: 'visible' } }}
      >
        {FINDING_NAMES[finding.finding]}
      </Badge>
    </Tooltip>
  );
}

export function LabelBadges({ finding }: { finding: Ec2FindingView }) {
  if (finding.labels.length === 0 && !finding.action) return null;
  return (
    <Group gap={4}>
      {finding.labels.map((label) => (
        <Tooltip key={label} multiline w={280} withArrow label={LABEL_MEANINGS[label]}>
          <Badge size="xs" variant="outline" color="gray" tt="none" style={{ cursor: 'help' }}>
            {LABEL_NAMES[label]}
          </Badge>
        </Tooltip>
      ))}
      {finding.action && (
        <Badge size="xs" variant="filled" color="gray" tt="none">
          {finding.action.kind === 'dismissed' ? 'Dismissed' : 'Snoozed'}
        </Badge>
      )}
    </Group>
  );
}

/** Where the dollar figure comes from, with the hourly rate it was built on. */
export function PriceSourceNote({ finding }: { finding: Ec2FindingView }) {
  const estimate = finding.price_source === 'estimate-us-east-1';
  const hourly = finding.hourly_cost === null ? '' : ` ($${finding.hourly_cost.toFixed(4)} an hour)`;
  return (
    <Tooltip
      multiline
      w={320}
      withArrow
      label={`${priceSourceMeaning(finding.price_source, finding.region)}${hourly}`}
    >
      <Group gap={2} wrap="nowrap" style={{ cursor: 'help' }}>
        <Text size="xs" c={estimate ? 'orange.8' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {PRICE_SOURCE_NAMES[finding.price_source]}
        </Text>
        <IconInfoCircle size={12} color="var(--mantine-color-gray-5)" />
      </Group>
    </Tooltip>
  );
}
