import {
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconAlertTriangle, IconBrandSlack } from '@tabler/icons-react';
import {
  ILLUSTRATED_BUDGET,
  ILLUSTRATED_FORECAST,
  ILLUSTRATED_MONTH_TO_DATE,
  PreviewCostChart,
} from './preview-cost-chart.tsx';

const usd = (amount: number) => `$${Math.round(amount).toLocaleString('en-US')}`;

const TOP_MOVERS = [
  { service: 'NAT Gateway · data processed', change: '+$1,240', share: 78, color: 'red' },
  { service: 'EC2 · m6i.2xlarge', change: '+$410', share: 34, color: 'orange' },
  { service: 'CloudWatch Logs · ingestion', change: '+$185', share: 18, color: 'yellow' },
];

/** A picture (not a control) of the product drawn with Mantine and SVG: a budget chart card and the alert it raised. */
export function ProductPreview() {
  return (
    <Box
      pos="relative"
      pb={{ base: 0, md: 104 }}
      role="img"
      aria-label="Spendguard budget view: October spend is forecast above the budget, and a Slack alert reports a NAT Gateway anomaly"
    >
      <Paper withBorder shadow="xl" radius="lg" p={{ base: 'md', sm: 'lg' }} bg="white">
        <Group justify="space-between" align="flex-start" mb="md">
          <div>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              Production · October 2026
            </Text>
            <Text fw={700} size="lg" c="dark.8">
              Monthly budget
            </Text>
          </div>
          <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={12} />}>
            Forecast over budget
          </Badge>
        </Group>
        <SimpleGrid cols={3} spacing={6} mb="md">
          <Stat label="Month to date" value={usd(ILLUSTRATED_MONTH_TO_DATE)} />
          <Stat label="Forecast" value={usd(ILLUSTRATED_FORECAST)} tone="orange.7" />
          <Stat label="Budget" value={usd(ILLUSTRATED_BUDGET)} />
        </SimpleGrid>
        <PreviewCostChart />
        <Stack gap={8} mt="md">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Top movers this week
          </Text>
          {TOP_MOVERS.map((mover) => (
            <Group key={mover.service} gap="sm" wrap="nowrap">
              <Text size="sm" c="dark.6" style={{ flex: 1 }} truncate>
                {mover.service}
              </Text>
              <Progress value={mover.share} color={mover.color} w={{ base: 56, sm: 90 }} size="sm" />
              <Text size="sm" fw={600} c="dark.7" w={64} ta="right">
                {mover.change}
              </Text>
            </Group>
          ))}
        </Stack>
      </Paper>
      <AlertToast />
    </Box>
  );
}

function Stat({ label, value, tone = 'dark.8' }: { label: string; value: string; tone?: string }) {
  return (
    <Paper bg="gray.0" radius="md" p={{ base: 8, sm: 'xs' }} miw={0}>
      <Text size="xs" c="dimmed" truncate>
        {label}
      </Text>
      <Text fw={700} c={tone} fz={{ base: 'sm', sm: 'lg' }}>
        {value}
      </Text>
    </Paper>
  );
}

function AlertToast() {
  return (
    <Paper
      shadow="lg"
      radius="md"
      p="md"
      withBorder
      bg="white"
      w={{ base: '100%', md: 340 }}
      mt={{ base: 'md', md: 0 }}
      pos={{ base: 'static', md: 'absolute' }}
      style={{ left: -36, bottom: 0, borderLeft: '4px solid var(--mantine-color-red-6)' }}
    >
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <ThemeIcon color="red" variant="light" radius="xl" size={34}>
          <IconBrandSlack size={18} />
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1 }}>
          <Text size="sm" fw={700} c="dark.8">
            Anomaly: NAT Gateway +312%
          </Text>
          <Text size="xs" c="dimmed">
            us-east-1 · NatGateway-Bytes · since Oct 13. Sent to #platform-costs.
          </Text>
          <Group gap={6} mt={4}>
            <Button component="span" size="compact-xs" color="red">
              Acknowledge
            </Button>
            <Button component="span" size="compact-xs" variant="subtle" color="gray">
              View root cause
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
