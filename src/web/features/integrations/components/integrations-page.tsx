import { Button } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';

export function IntegrationsPage() {
  return (
    <PageContainer>
      <ScreenHeader
        title="AWS Integrations"
        description="The AWS accounts and billing exports Spendguard reads."
      />
      <EmptyState
        icon={<IconPlugConnected size={28} />}
        title="No AWS account connected"
        action={
          <Button component={Link} to="/aws-integration/setup">
            Connect an AWS account
          </Button>
        }
      >
        Connect an account with a read-only role, or upload a Cost and Usage Report or FOCUS export.
      </EmptyState>
    </PageContainer>
  );
}
