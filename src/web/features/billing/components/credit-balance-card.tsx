import { Paper, Stack, Text, Title } from '@mantine/core';
import type { CreditsOverview } from '../../../../contracts/credits.ts';
import { formatLastDay, formatUsd } from '../subscription-wording.ts';

export function CreditBalanceCard({ overview }: { overview: CreditsOverview }) {
  const onStripe = overview.grants.some((grant) => grant.onNextInvoice);
  return (
    <Paper withBorder radius="md" p="xl" h="100%" component="section" aria-label="Credit balance">
      <Stack gap="xs">
        <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
          Available credit
        </Text>
        <Title order={2} fz={40} data-testid="credit-balance">
          {formatUsd(overview.balanceUsd)}
        </Title>
        {overview.expiringSoonUsd > 0 && overview.nextExpiry && (
          <Text c="orange.8" size="sm">
            {formatUsd(overview.expiringSoonUsd)} expires soon: the first of it lapses after{' '}
            {formatLastDay(overview.nextExpiry)}.
          </Text>
        )}
        {overview.expiredUsd > 0 && (
          <Text size="sm" c="dimmed">
            {formatUsd(overview.expiredUsd)} expired unused.
          </Text>
        )}
        <Text size="sm" c="dark.5">
          {!overview.paymentsConfigured
            ? 'Card payments are not configured on this server: your credit is kept and applies once invoices are paid by card.'
            : onStripe
              ? 'Your credit is applied to your next invoices automatically.'
              : 'Your credit is applied to your first invoice when you upgrade.'}
        </Text>
      </Stack>
    </Paper>
  );
}
