import { Alert, Code, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** Without Stripe keys nobody can pay by card here; the operator sets plans instead. */
export function PaymentsOffAlert() {
  return (
    <Alert
      color="yellow"
      icon={<IconInfoCircle size={18} />}
      title="Payments are not configured on this server"
    >
      <Text size="sm">
        Card payments need Stripe keys on this server. Until then, the person who runs it can set your plan
        from the command line:
      </Text>
      <Code block mt="xs">
        npm run billing-admin -- set-plan &lt;organization-slug or owner e-mail&gt; business_monthly
      </Code>
    </Alert>
  );
}
