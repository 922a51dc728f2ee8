import { Box, Container, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBellRinging, IconCloudDownload, IconPlugConnected, IconRadar } from '@tabler/icons-react';
import { SectionHeading } from './section-heading.tsx';

const STEPS = [
  {
    Icon: IconPlugConnected,
    title: 'Connect',
    text: 'Create a read-only IAM role with a one-click CloudFormation stack and its own External ID, or upload a CUR or FOCUS export by hand.',
  },
  {
    Icon: IconCloudDownload,
    title: 'Ingest',
    text: 'Every day Spendguard pulls the billing export (or Cost Explorer) and reduces it to daily costs by account, service, region, usage type and tag.',
  },
  {
    Icon: IconRadar,
    title: 'Watch',
    text: 'Budgets and forecasts, cost thresholds, anomaly detection, idle EC2 instances and rightsizing run after every ingest.',
  },
  {
    Icon: IconBellRinging,
    title: 'Alert',
    text: 'The right people hear about it by e-mail and Slack, once per threshold, with a one-click link to acknowledge it.',
  },
];

export function HowItWorksSection() {
  return (
    <Box component="section" id="about" py={{ base: 64, md: 96 }}>
      <Container size="xl">
        <SectionHeading eyebrow="How It Works" title="From billing export to a Slack alert in four steps">
          Nothing to install in your AWS accounts beyond a read-only role. No agents, no write access.
        </SectionHeading>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          {STEPS.map((step, index) => (
            <Paper key={step.title} withBorder radius="lg" p="xl" pos="relative">
              <Text pos="absolute" top={16} right={20} fw={800} fz={40} c="gray.2" lh={1}>
                {index + 1}
              </Text>
              <ThemeIcon size={48} radius="md" variant="light">
                <step.Icon size={26} />
              </ThemeIcon>
              <Title order={3} fz="lg" mt="md" mb={6}>
                {step.title}
              </Title>
              <Text c="dark.4" size="sm" lh={1.6}>
                {step.text}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
