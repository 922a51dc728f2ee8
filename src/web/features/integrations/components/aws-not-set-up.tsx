import { Alert, Group, Stack, Text } from '@mantine/core';
import { ConnectDemoButton } from './connect-demo-button.tsx';
import { UploadIntegrationButton } from './upload-integration-button.tsx';

/**
 * The setup screen on a server with no AWS account of its own: a role must trust the server's
 * account, so without one there is no template or console link to offer (a role trusting any other
 * account would hand access to a stranger). Uploads and the demo still work.
 */
export function AwsNotSetUp({ demoAvailable }: { demoAvailable: boolean }) {
  return (
    <Alert
      color="yellow"
      title="This server is not set up for real AWS accounts"
      data-testid="aws-not-set-up"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          A Spendguard role in your AWS account trusts the AWS account this server runs in, and this server
          has none: it has no AWS credentials of its own and <code>SPENDGUARD_AWS_ACCOUNT_ID</code> is not
          set. Ask the person who runs it to configure one. Meanwhile you can upload billing files
          {demoAvailable ? ' or explore the demo account' : ''}.
        </Text>
        <Group>
          <UploadIntegrationButton />
          {demoAvailable && <ConnectDemoButton variant="light" />}
        </Group>
      </Stack>
    </Alert>
  );
}
