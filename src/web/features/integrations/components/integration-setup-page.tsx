import { Button } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';

export function IntegrationSetupPage() {
  return (
    <PageContainer>
      <ScreenHeader
        title="Connect an AWS account"
        description="Create a read-only role in your account with a CloudFormation stack."
      />
      <EmptyState
        icon={<IconCloudUpload size={28} />}
        title="Set up a read-only role"
        action={
          <Button component={Link} to="/aws-integration/existing-stack">
            I already have a stack
          </Button>
        }
      >
        A CloudFormation stack creates a role that lets Spendguard read Cost Explorer, your billing export and
        CloudWatch metrics, and nothing else.
      </EmptyState>
    </PageContainer>
  );
}
