import { ActionIcon, Alert, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import type { CreatedApiToken } from '../../../../contracts/api-tokens.ts';

/** The one time a token's secret is shown: copy it now, it is kept only as a hash. */
export function NewTokenSecret({ created, onDismiss }: { created: CreatedApiToken; onDismiss: () => void }) {
  return (
    <Alert
      color="green"
      icon={<IconKey size={18} />}
      title={`Copy the token "${created.api_token.name}" now`}
      withCloseButton
      closeButtonLabel="I have copied it"
      onClose={onDismiss}
    >
      <Stack gap="xs">
        <Text size="sm">
          This is the only time it is shown: Spendguard keeps a hash, not the token. Store it in your CI
          secrets and send it as <Code>Authorization: Bearer …</Code>.
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code
            data-testid="new-token-secret"
            style={{ wordBreak: 'break-all', fontSize: 13, padding: '6px 10px', flex: 1 }}
          >
            {created.secret}
          </Code>
          <CopyButton value={created.secret}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
                <ActionIcon
                  variant="light"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label="Copy the token"
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
