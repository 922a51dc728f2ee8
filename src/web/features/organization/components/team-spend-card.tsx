import { Anchor, Paper, Text, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * The team's own spend this month and its budget state come from the cost data (issues 4, 5 and 7). Until it
 * is connected this says so plainly: no made-up numbers.
 */
export function TeamSpendCard({ manages }: { manages: boolean }) {
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb="xs">
        This month
      </Title>
      <Text size="sm">Spend for this team appears once cost data is connected.</Text>
      {manages ? (
        <Anchor
          component={Link}
          to="/aws-integration"
          size="sm"
          mt="xs"
          display="inline-flex"
          style={{ gap: 6 }}
        >
          <IconPlugConnected size={16} /> Connect AWS cost data
        </Anchor>
      ) : (
        <Text size="xs" c="dimmed" mt="xs">
          Owners and admins connect it from AWS Integrations.
        </Text>
      )}
    </Paper>
  );
}
