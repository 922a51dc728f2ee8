import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';

/** The signing secret of a webhook, shown this once (on adding the endpoint and on rotating it). */
export function SecretOnceModal({
  secret,
  description,
  rotated,
  onClose,
}: {
  secret: string;
  description: string;
  rotated: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title={`Signing secret of "${description}"`} size="lg">
      <Stack gap="md">
        <Alert color="yellow" icon={<IconKey size={16} />} title="Copy it now: it is shown only once">
          To verify a request, your receiver computes the hex HMAC-SHA256 of <Code>{'<t>.<raw body>'}</Code>{' '}
          keyed with this secret and compares it with the <Code>v1</Code> value of the{' '}
          <Code>Spendguard-Signature</Code> header (<Code>t</Code> is that header's timestamp). Spendguard
          keeps the secret encrypted and shows only its last four characters.
          {rotated &&
            ' The previous secret keeps signing for 24 hours, so you can switch without missing a delivery.'}
        </Alert>
        <Code block data-testid="webhook-secret" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <Group justify="space-between">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                color={copied ? 'teal' : 'blue'}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy secret'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>I have stored it</Button>
        </Group>
        <Text size="xs" c="dimmed">
          Lost it? Rotate the secret from the endpoint's menu to get a new one.
        </Text>
      </Stack>
    </Modal>
  );
}
