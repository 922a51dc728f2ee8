import { IconBell } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';

export function NotificationsPage() {
  return (
    <PageContainer>
      <ScreenHeader
        title="Notifications"
        description="Budgets, cost thresholds, anomalies and idle instances, and who gets told."
      />
      <EmptyState icon={<IconBell size={28} />} title="No alerts yet">
        Create a budget or a cost threshold and Spendguard warns the right people by e-mail and Slack before a
        surprise lands.
      </EmptyState>
    </PageContainer>
  );
}
