import { Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { SectionError } from '../../../components/section-states.tsx';
import { useIntegrations } from '../api/get-integrations.ts';
import { ConnectDemoButton } from './connect-demo-button.tsx';
import { IntegrationCard } from './integration-card.tsx';
import { UploadIntegrationButton } from './upload-integration-button.tsx';

function ListSkeleton() {
  return (
    <Stack aria-label="Loading integrations">
      {['a', 'b'].map((key) => (
        <Paper key={key} withBorder radius="md" p="lg">
          <Stack>
            <Skeleton h={24} w="40%" />
            <Skeleton h={48} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

export function IntegrationsPage() {
  const integrations = useIntegrations();
  return (
    <PageContainer>
      <ScreenHeader
        title="AWS Integrations"
        description="The AWS accounts and billing exports Spendguard reads."
        actions={
          <Group gap="xs">
            <UploadIntegrationButton />
            <Button component={Link} to="/aws-integration/setup" leftSection={<IconPlus size={16} />}>
              Connect an AWS account
            </Button>
          </Group>
        }
      />
      {integrations.isPending ? (
        <ListSkeleton />
      ) : integrations.isError ? (
        <SectionError what="integrations" error={integrations.error} onRetry={() => integrations.refetch()} />
      ) : integrations.data.length === 0 ? (
        <EmptyState
          icon={<IconPlugConnected size={28} />}
          title="No AWS account connected"
          action={
            <Group justify="center" gap="sm">
              <Button component={Link} to="/aws-integration/setup">
                Connect an AWS account
              </Button>
              <ConnectDemoButton variant="light" />
            </Group>
          }
        >
          Connect an account with a read-only role, upload a Cost and Usage Report or FOCUS export, or try the
          demo AWS account to see data flow in within a minute.
        </EmptyState>
      ) : (
        <Stack>
          {integrations.data.map((integration) => (
            <IntegrationCard key={integration.id} integration={integration} />
          ))}
        </Stack>
      )}
    </PageContainer>
  );
}
