import { Alert, Anchor, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { CONTACT_EMAIL } from '../../../lib/contact.ts';

/**
 * The messages call answers 402 "Subscription Expired" once the plan lapsed. The widget says
 * what that means and still offers a way to reach people: e-mail.
 */
export function ChatPausedNotice() {
  return (
    <Alert color="orange" title="Chat is paused: Subscription Expired" mt="xs">
      <Text size="sm">
        Live chat comes back once the subscription is paid or moved to Free on the Subscription page. We are
        still here by e-mail:
      </Text>
      <Anchor href={`mailto:${CONTACT_EMAIL}`} size="sm" fw={600} mt={6} display="inline-flex">
        <IconMail size={16} style={{ marginRight: 6 }} />
        {CONTACT_EMAIL}
      </Anchor>
    </Alert>
  );
}
