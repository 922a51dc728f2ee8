import { Button, Grid, Stack, Tabs } from '@mantine/core';
import { IconBrandSlack } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { useManagesAlerts } from '../api/get-my-role.ts';
import { AlertRulesSection } from './alert-rules-section.tsx';
import { BudgetsSection } from './budgets-section.tsx';
import { EndpointsSection } from './endpoints-section.tsx';
import { NotificationHistory } from './notification-history.tsx';
import { PreferencesCard } from './preferences-card.tsx';

const TABS = ['rules', 'history', 'preferences', 'endpoints'];

/** /notification: budgets and alert rules, the history of what fired, and each person's preferences. */
export function NotificationsPage() {
  const manages = useManagesAlerts();
  // The tab is in the URL (?tab=endpoints), so the paused-endpoint mail can link straight to it.
  const [params, setParams] = useSearchParams();
  const tab = TABS.includes(params.get('tab') ?? '') ? params.get('tab')! : 'rules';
  return (
    <PageContainer>
      <ScreenHeader
        title="Notifications"
        description="Budgets, cost thresholds, anomalies and idle instances, and who gets told."
        actions={
          <Button
            component={Link}
            to="/slack-setup"
            variant="default"
            leftSection={<IconBrandSlack size={16} />}
          >
            Slack
          </Button>
        }
      />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'rules' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="rules">Budgets and alerts</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
          <Tabs.Tab value="preferences">My preferences</Tabs.Tab>
          <Tabs.Tab value="endpoints">Webhooks and Teams</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rules">
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <BudgetsSection manages={manages} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Stack gap="lg">
                <AlertRulesSection manages={manages} />
              </Stack>
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <NotificationHistory />
        </Tabs.Panel>
        <Tabs.Panel value="preferences">
          <PreferencesCard manages={manages} />
        </Tabs.Panel>
        <Tabs.Panel value="endpoints">
          <EndpointsSection manages={manages} />
        </Tabs.Panel>
      </Tabs>
    </PageContainer>
  );
}
