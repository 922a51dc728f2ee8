import { Badge, Box, Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatPlanPrice, type PricingPlan } from '../pricing-plans.ts';

export function PricingPlanCard({ plan }: { plan: PricingPlan }) {
  return (
    <Paper
      withBorder
      radius="lg"
      p="xl"
      shadow={plan.recommended ? 'xl' : 'xs'}
      style={plan.recommended ? { borderColor: 'var(--mantine-color-blue-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="lg" h="100%">
        <Stack gap={8}>
          <PlanBadge plan={plan} />
          <Title order={3} fz="xl">
            {plan.name}
          </Title>
        </Stack>
        <Group gap={6} align="baseline">
          <Text fz={44} fw={800} lh={1} c="dark.9">
            {formatPlanPrice(plan)}
          </Text>
          <Text c="dimmed">{plan.billingPeriod}</Text>
        </Group>
        <Text size="sm" c="dark.4" mih={66}>
          {plan.pitch}
        </Text>
        <Button
          component={Link}
          to="/sign-up"
          variant={plan.recommended ? 'filled' : 'light'}
          size="md"
          fullWidth
        >
          {plan.callToAction}
        </Button>
        <List
          spacing="xs"
          size="sm"
          styles={{ item: { lineHeight: 1.45 } }}
          icon={
            <ThemeIcon size={20} radius="xl" color="teal" variant="light">
              <IconCheck size={13} />
            </ThemeIcon>
          }
        >
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

/** Keeps the plan names aligned on wide screens even when a plan has no badge. */
function PlanBadge({ plan }: { plan: PricingPlan }) {
  if (plan.recommended) return <Badge variant="filled">Most popular</Badge>;
  if (plan.saving)
    return (
      <Badge color="teal" variant="light">
        {plan.saving}
      </Badge>
    );
  return <Box h={20} visibleFrom="md" />;
}
