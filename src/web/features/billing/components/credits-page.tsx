import { Alert, Button, Grid, Skeleton, Stack } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useCredits } from '../api/get-credits.ts';
import { CreditBalanceCard } from './credit-balance-card.tsx';
import { CreditHistoryTable } from './credit-history-table.tsx';
import { RedeemCreditForm } from './redeem-credit-form.tsx';

/** /credits: the balance (and what expires soon), redeeming a code, and the history. */
export function CreditsPage() {
  const query = useCredits();
  return (
    <PageContainer>
      <ScreenHeader
        title="Credits"
        description="Credit codes pay part of your next invoices."
        actions={
          <Button
            component={Link}
            to="/subscription"
            variant="default"
            leftSection={<IconCreditCard size={16} />}
          >
            Subscription
          </Button>
        }
      />
      <Stack gap="lg">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            {query.isPending ? (
              <Skeleton h={180} radius="md" />
            ) : query.isError ? (
              <Alert color="red" title="The credits could not be loaded">
                {rejectionMessage(query.error)}
              </Alert>
            ) : (
              <CreditBalanceCard overview={query.data} />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <RedeemCreditForm />
          </Grid.Col>
        </Grid>
        {query.isPending ? (
          <Skeleton h={160} radius="md" />
        ) : (
          query.data && <CreditHistoryTable overview={query.data} />
        )}
      </Stack>
    </PageContainer>
  );
}
