import { Box, Container, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { BUSINESS_TRIAL_DAYS, PRICING_PLANS } from '../pricing-plans.ts';
import { PricingPlanCard } from './pricing-plan-card.tsx';
import { SectionHeading } from './section-heading.tsx';

export function PricingSection() {
  return (
    <Box component="section" id="pricing" py={{ base: 64, md: 96 }}>
      <Container size="lg">
        <SectionHeading eyebrow="Pricing" title="One price per organization, not a percentage of your bill">
          Start on Free. Move to Business when the team wants Slack, anomalies and more than one account.
        </SectionHeading>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {PRICING_PLANS.map((plan) => (
            <PricingPlanCard key={plan.id} plan={plan} />
          ))}
        </SimpleGrid>
        <Group justify="center" gap="xs" mt="xl">
          <ThemeIcon variant="light" radius="xl" size="md">
            <IconClockHour4 size={16} />
          </ThemeIcon>
          <Text size="sm" c="dark.5" ta="center">
            Every new organization can try Business free for {BUSINESS_TRIAL_DAYS} days. Prices in US dollars,
            taxes extra where they apply.
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
