import {
  Anchor,
  Box,
  Button,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBellRinging, IconEyeCheck, IconLock, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';

const PRINCIPLES = [
  {
    Icon: IconLock,
    title: 'Read-only, always',
    text: 'Spendguard reads billing data, metrics and inventory through a role that cannot change a single resource. It suggests; people decide.',
  },
  {
    Icon: IconEyeCheck,
    title: 'Your data stays with you',
    text: 'It runs on your server and your database. Cost data is not sent to us, and nothing is shared with advertisers or data brokers.',
  },
  {
    Icon: IconSearch,
    title: 'Explain, not just alarm',
    text: 'Every alert names the account, service, region and usage type that moved, so the first reply is a fix rather than a question.',
  },
  {
    Icon: IconBellRinging,
    title: 'One alert, the right person',
    text: 'Alerts go to the team that owns the spend, once per threshold per period, and stop when someone acknowledges them.',
  },
];

const NOT_LIST = [
  'It does not buy Savings Plans or Reserved Instances for you, or take a cut of what you save.',
  'It does not need write access, agents or a change to your network.',
  'It is not a replacement for your AWS invoice: when the two disagree, the invoice wins.',
];

export function AboutPage() {
  return (
    <>
      <Box
        style={{
          background: 'linear-gradient(180deg, var(--mantine-color-blue-0) 0%, #fff 100%)',
          borderBottom: '1px solid var(--mantine-color-gray-2)',
        }}
      >
        <Container size="md" py={{ base: 48, md: 80 }}>
          <Text size="sm" fw={700} tt="uppercase" c="blue.7" style={{ letterSpacing: 1.2 }}>
            About
          </Text>
          <Title order={1} fz={{ base: 34, md: 48 }} lh={1.15} mt={6}>
            About Spendguard
          </Title>
          <Text size="xl" c="dark.5" mt="lg" lh={1.6}>
            Spendguard is a self-hosted tool that watches an organization's AWS spend, explains it, and warns
            the people who own it — by e-mail or Slack — before a surprise reaches the invoice.
          </Text>
        </Container>
      </Box>

      <Container size="md" py={{ base: 48, md: 72 }}>
        <Stack gap={56}>
          <Stack gap="md" component="section">
            <Title order={2}>Why it exists</Title>
            <Text size="lg" lh={1.7} c="dark.6">
              Most AWS bill surprises are not mysteries. A NAT gateway starts carrying traffic it should not,
              a test cluster outlives its test, a debug log level reaches production, a Savings Plan expires.
              The data to see each of these is in the billing export within a day — but nobody reads a billing
              export every morning.
            </Text>
            <Text size="lg" lh={1.7} c="dark.6">
              Spendguard does. It reads the same cost data AWS bills you from, sets it against the budgets and
              thresholds your teams chose and against its own recent history, and tells a person when
              something moved: what, where, by how much, and since when.
            </Text>
          </Stack>

          <Stack gap="lg" component="section">
            <Title order={2}>What we hold ourselves to</Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              {PRINCIPLES.map((principle) => (
                <Paper key={principle.title} withBorder radius="lg" p="lg">
                  <ThemeIcon size={40} radius="md" variant="light">
                    <principle.Icon size={22} />
                  </ThemeIcon>
                  <Title order={3} fz="md" mt="md" mb={6}>
                    {principle.title}
                  </Title>
                  <Text size="sm" c="dark.4" lh={1.6}>
                    {principle.text}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
          </Stack>

          <Stack gap="md" component="section">
            <Title order={2}>What Spendguard is not</Title>
            <List spacing="sm" size="lg" c="dark.6">
              {NOT_LIST.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Stack>

          <Stack gap="md" component="section">
            <Title order={2}>Who we are</Title>
            <Text size="lg" lh={1.7} c="dark.6">
              Spendguard, Inc. is a small company in Bellevue, Washington, that writes and supports the
              software. Business customers get a free consultation with one of us to set up budgets and read
              their first month of findings. Write to{' '}
              <Anchor href="mailto:hello@spendguard.io">hello@spendguard.io</Anchor> — a person answers.
            </Text>
          </Stack>

          <Paper radius="lg" p={{ base: 'lg', md: 'xl' }} bg="blue.0">
            <Group justify="space-between" gap="lg">
              <Stack gap={4}>
                <Text fw={700} size="lg" c="dark.8">
                  See it on your own bill
                </Text>
                <Text c="dark.5">Free for one AWS account, forever. No card needed to start.</Text>
              </Stack>
              <Group gap="sm">
                <Button component={Link} to="/sign-up" size="md">
                  Start free
                </Button>
                <Button component={Link} to="/blog" size="md" variant="default">
                  Read the blog
                </Button>
              </Group>
            </Group>
          </Paper>
        </Stack>
      </Container>
    </>
  );
}
