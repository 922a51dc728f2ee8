import { Button } from '@mantine/core';
import { IconBrandSlack } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';

export function SlackSetupPage() {
  return (
    <PageContainer>
      <ScreenHeader title="Slack setup" description="Choose the channel and the alerts that go there." />
      <EmptyState
        icon={<IconBrandSlack size={28} />}
        title="Slack is not connected"
        action={
          <Button component={Link} to="/slack-integrate">
            Connect Slack
          </Button>
        }
      >
        Connect Slack with an incoming webhook URL to receive alerts in a channel.
      </EmptyState>
    </PageContainer>
  );
}
