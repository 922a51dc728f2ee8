import { Badge, Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ProductPreview } from './product-preview.tsx';
import { TryDemoButton } from './try-demo-button.tsx';

const REASSURANCES = ['Read-only IAM role', 'Runs on your own server', 'CUR 2.0 and FOCUS exports'];

export function LandingHero() {
  return (
    <Box
      component="section"
      aria-labelledby="landing-title"
      style={{
        background:
          'radial-gradient(ellipse at 80% 10%, var(--mantine-color-blue-1), transparent 55%), linear-gradient(180deg, var(--mantine-color-blue-0) 0%, #fff 100%)',
      }}
    >
      <Container size="xl" py={{ base: 48, md: 96 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 48, md: 64 }} style={{ alignItems: 'center' }}>
          <Stack gap="lg" align="flex-start">
            <Badge variant="light" size="lg" radius="sm">
              Self-hosted AWS cost monitoring
            </Badge>
            <Title
              order={1}
              id="landing-title"
              fz={{ base: 40, sm: 52, lg: 60 }}
              lh={1.05}
              c="dark.9"
              style={{ letterSpacing: -1.2 }}
            >
              Do not get surprised by your{' '}
              <Text span inherit c="blue.7">
                AWS bill
              </Text>
            </Title>
            <Text size="xl" c="dark.4" maw={540} lh={1.55}>
              Spendguard reads your daily AWS costs, forecasts the month, spots anomalies and idle instances,
              and tells the right people by e-mail or Slack — days before the invoice does.
            </Text>
            <Group gap="sm">
              <Button component={Link} to="/sign-up" size="lg" rightSection={<IconArrowRight size={18} />}>
                Start free
              </Button>
              <TryDemoButton size="lg" />
            </Group>
            <Group gap="lg" mt={4}>
              {REASSURANCES.map((line) => (
                <Group key={line} gap={6} wrap="nowrap">
                  <IconCheck size={16} color="var(--mantine-color-teal-6)" />
                  <Text size="sm" c="dark.5">
                    {line}
                  </Text>
                </Group>
              ))}
            </Group>
          </Stack>
          <ProductPreview />
        </SimpleGrid>
      </Container>
    </Box>
  );
}
