import { Button } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';

export function ExistingStackPage() {
  return (
    <PageContainer>
      <ScreenHeader
        title="Use an existing stack"
        description="Paste the ARN of a role you already created."
      />
      <EmptyState
        icon={<IconKey size={28} />}
        title="Verify an existing role"
        action={
          <Button component={Link} to="/aws-integration/setup">
            Create a new stack instead
          </Button>
        }
      >
        Spendguard assumes the role with your External ID and makes one read call to prove it works.
      </EmptyState>
    </PageContainer>
  );
}
