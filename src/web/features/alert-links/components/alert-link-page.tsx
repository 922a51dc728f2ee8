import { Alert, Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { apiRequest, rejectionMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type AlertLinkKind =
  | 'confirmation'
  | 'unsubscribe'
  | 'threshold-confirmation'
  | 'idle-ec2-confirmation'
  | 'budget-alert-confirmation';

const TITLES: Record<AlertLinkKind, string> = {
  confirmation: 'Confirm this address',
  unsubscribe: 'Unsubscribe',
  // Cost thresholds, anomalies, launches and live spend share this link; the answer names the alert.
  'threshold-confirmation': 'Acknowledge the alert',
  'idle-ec2-confirmation': 'Keep this idle instance',
  'budget-alert-confirmation': 'Acknowledge the budget alert',
};

/** The one-click links of alert mails and Slack messages. */
export function AlertLinkPage({ kind }: { kind: AlertLinkKind }) {
  const { token = '' } = useParams();
  const result = useQuery({
    queryKey: queryKeys.alertLink(kind, token),
    queryFn: () =>
      apiRequest<{ message: string }>(`alert-links/${kind}/${encodeURIComponent(token)}`, { method: 'POST' }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  return (
    <Container size="sm" py={80}>
      <Stack gap="md">
        <Title order={1} size="h2">
          {TITLES[kind]}
        </Title>
        {result.isPending && <Loader aria-label="Checking your link" />}
        {result.isError && (
          <Alert color="red" icon={<IconAlertTriangle />} title="This link cannot be used">
            {rejectionMessage(result.error)}
          </Alert>
        )}
        {result.isSuccess && (
          <Alert color="green" icon={<IconCircleCheck />} title="Done">
            <Text>{result.data.message}</Text>
          </Alert>
        )}
        <Button component={Link} to="/" variant="light" w="fit-content">
          Go to Spendguard
        </Button>
      </Stack>
    </Container>
  );
}
