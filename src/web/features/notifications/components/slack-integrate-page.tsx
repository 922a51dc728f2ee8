import { IconBrandSlack } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';

export function SlackIntegratePage() {
  return (
    <PageContainer>
      <ScreenHeader title="Connect Slack" description="Send alerts to a Slack channel." />
      <EmptyState icon={<IconBrandSlack size={28} />} title="Connect a Slack channel">
        Paste an incoming-webhook URL from your Slack workspace, then send a test message.
      </EmptyState>
    </PageContainer>
  );
}
