import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { upperFirst } from '../../../lib/sentence.ts';
import { useRedeemCreditCode } from '../api/redeem-credit-code.ts';
import { formatUsd } from '../subscription-wording.ts';

/** A code from an operator or a promotion; the server's reason shows under the field when refused. */
export function RedeemCreditForm() {
  const [code, setCode] = useState('');
  const redeem = useRedeemCreditCode();
  const reason = redeem.isError ? rejectionMessage(redeem.error).replace(/^code: /, '') : undefined;
  const problem = reason && upperFirst(reason);

  function submit(event: FormEvent) {
    event.preventDefault();
    redeem.mutate(code, {
      onSuccess: (overview) => {
        setCode('');
        notifications.show({
          color: 'teal',
          message: `Code redeemed. Your balance is ${formatUsd(overview.balanceUsd)}.`,
        });
      },
    });
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      h="100%"
      component="form"
      onSubmit={submit}
      aria-label="Redeem a credit code"
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          Redeem a code
        </Title>
        <Text size="sm" c="dimmed">
          Codes look like SG-7KQM-X2PD-H9RT. Each works once per organization.
        </Text>
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            aria-label="Credit code"
            placeholder="SG-XXXX-XXXX-XXXX"
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              redeem.reset();
            }}
            error={problem}
            style={{ flex: 1 }}
            autoComplete="off"
          />
          <Button type="submit" loading={redeem.isPending} disabled={code.trim() === ''}>
            Redeem
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
