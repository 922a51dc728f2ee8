import { Text } from '@mantine/core';

/**
 * Why the setup screen offers no "use this server's own AWS credentials": they read the account of the
 * person who runs the server, so only that person can lend them (AWS_LOCAL_CREDENTIALS, decision 075).
 */
export function LocalCredentialsNote({ allowed }: { allowed: boolean }) {
  return (
    <Text size="sm" c="dimmed" data-testid="local-credentials-note">
      {allowed ? (
        <>
          The person who runs this server lends its own AWS credentials to a self-hosted team: connect them
          through the API with the kind <code>aws-local-credentials</code>.
        </>
      ) : (
        <>
          Why no option to use this server’s own AWS credentials? They read the AWS account of the person who
          runs this server, not yours, so they are offered only when that person turns on{' '}
          <code>AWS_LOCAL_CREDENTIALS</code> for a single self-hosted team.
        </>
      )}
    </Text>
  );
}
