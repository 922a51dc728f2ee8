import { Button } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';

export function DashboardPage() {
  return (
    <PageContainer>
      <ScreenHeader title="Dashboard" description="Your AWS spend, explained." />
      <EmptyState
        icon={<IconChartBar size={28} />}
        title="No cost data yet"
        action={
          <Button component={Link} to="/aws-integration">
            Connect AWS
          </Button>
        }
      >
        Connect an AWS account or upload a billing export, and your spend by day, service and tag appears
        here.
      </EmptyState>
    </PageContainer>
  );
}
