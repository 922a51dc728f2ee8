import { Box, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBrandSlack,
  IconChartLine,
  IconFileSpreadsheet,
  IconGauge,
  IconServer,
  IconServerOff,
  IconTimeline,
  IconUsersGroup,
} from '@tabler/icons-react';
import { SectionHeading } from './section-heading.tsx';

const FEATURES = [
  {
    Icon: IconChartLine,
    title: 'Budgets and forecasts',
    text: 'Monthly budgets per account, service or tag, with a forecast to month end and alerts on actual or forecast spend.',
  },
  {
    Icon: IconGauge,
    title: 'Cost thresholds',
    text: 'A daily ceiling, or a rise above the recent average, for one account, service or tag. Crossing it sends one alert per threshold per day — never a flood.',
  },
  {
    Icon: IconTimeline,
    title: 'Anomaly detection with root cause',
    text: 'Daily costs are compared with their own recent history; a spike names the account, region, usage type and resource behind it.',
  },
  {
    Icon: IconServerOff,
    title: 'Idle EC2 and rightsizing',
    text: 'CloudWatch CPU and network metrics find idle instances and oversized ones, with the cheaper instance type and the monthly saving.',
  },
  {
    Icon: IconBrandSlack,
    title: 'Slack and e-mail',
    text: 'Alerts go to a Slack channel or an inbox, with retries, a daily or weekly digest and one-click acknowledge or unsubscribe links.',
  },
  {
    Icon: IconUsersGroup,
    title: 'Teams and scoped views',
    text: 'Invite your organization, group people into teams and give each team the accounts and tags it owns — and only those.',
  },
  {
    Icon: IconFileSpreadsheet,
    title: 'FOCUS and CUR support',
    text: 'Reads CUR 2.0, legacy CUR and FOCUS 1.0 exports in CSV, gzip or Parquet, and falls back to the Cost Explorer API when there is no export.',
  },
  {
    Icon: IconServer,
    title: 'Self-hosted',
    text: 'One command starts it on an embedded database; PostgreSQL when you grow. Your cost data never leaves your server.',
  },
];

export function FeaturesSection() {
  return (
    <Box component="section" id="features" py={{ base: 64, md: 96 }} bg="gray.0">
      <Container size="xl">
        <SectionHeading eyebrow="Features" title="Everything a finance lead asks about, answered daily">
          Built on the same data AWS bills you from, so the numbers match the invoice.
        </SectionHeading>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing={{ base: 'xl', md: 40 }} verticalSpacing={40}>
          {FEATURES.map((feature) => (
            <Stack key={feature.title} gap="sm">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon
                  size={40}
                  radius="md"
                  variant="gradient"
                  gradient={{ from: 'blue.6', to: 'cyan.5' }}
                >
                  <feature.Icon size={22} />
                </ThemeIcon>
                <Title order={3} fz="md">
                  {feature.title}
                </Title>
              </Group>
              <Text size="sm" c="dark.4" lh={1.6}>
                {feature.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
