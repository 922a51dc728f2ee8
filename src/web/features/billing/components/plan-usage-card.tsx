import { Group, List, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { SubscriptionSummary } from '../../../../contracts/billing.ts';
import { PLAN_FEATURES, type PlanFeature, type PlanLimit } from '../../../../domain/plans.ts';

const LIMIT_LABELS: Record<PlanLimit, string> = {
  integrations: 'AWS integrations',
  budgets: 'Budgets',
  alertRules: 'Alert rules',
  historyMonths: 'Months of cost history',
  members: 'Members',
};

const FEATURE_LABELS: Record<PlanFeature, string> = {
  'email-alerts': 'E-mail budget alerts',
  'ec2-recommendations': 'EC2 idle and rightsizing findings',
  'slack-alerts': 'Slack alerts',
  'anomaly-detection': 'Anomaly detection',
  teams: 'Teams',
  digest: 'Daily and weekly digest',
  consultation: 'Free consultation',
};

/** What the plan in force includes, and how much of it the organization uses. */
export function PlanUsageCard({ summary }: { summary: SubscriptionSummary }) {
  return (
    <Paper withBorder radius="md" p="xl" h="100%" component="section" aria-label="What your plan includes">
      <Stack gap="md">
        <Title order={2} size="h4">
          What your plan includes
        </Title>
        <Stack gap="sm">
          {summary.limits.map(({ limit, included, used }) => (
            <div key={limit}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{LIMIT_LABELS[limit]}</Text>
                <Text size="sm" fw={600}>
                  {used === null ? included : `${used} of ${included}`}
                </Text>
              </Group>
              {used !== null && (
                <Progress
                  size="sm"
                  mt={4}
                  value={Math.min(100, (100 * used) / included)}
                  color={used >= included ? 'orange' : 'blue'}
                />
              )}
            </div>
          ))}
        </Stack>
        <List spacing={6} size="sm" center>
          {PLAN_FEATURES.map((feature) => {
            const included = summary.features.includes(feature);
            return (
              <List.Item
                key={feature}
                c={included ? undefined : 'dimmed'}
                icon={
                  <ThemeIcon size={18} radius="xl" variant="light" color={included ? 'teal' : 'gray'}>
                    {included ? <IconCheck size={12} /> : <IconX size={12} />}
                  </ThemeIcon>
                }
              >
                {FEATURE_LABELS[feature]}
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Paper>
  );
}
