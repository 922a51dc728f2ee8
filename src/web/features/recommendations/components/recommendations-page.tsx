import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { SectionError } from '../../../components/section-states.tsx';
import { downloadCsv } from '../../../lib/csv.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import { useMayAct } from '../../../lib/resource-actions.ts';
import { useSession } from '../../../lib/session.tsx';
import { useEc2Findings } from '../api/get-ec2-findings.ts';
import { AllRecommendations } from './all-recommendations.tsx';
import { FindingCards } from './finding-cards.tsx';
import { FindingDrawer } from './finding-drawer.tsx';
import { FindingFilters } from './finding-filters.tsx';
import { findingsToCsv } from './findings-csv.ts';
import { FindingsSkeleton, NoFindingsYet, NoMatchingFindings } from './findings-states.tsx';
import { FindingsTable } from './findings-table.tsx';
import { RightsizingSettingsButton } from './rightsizing-settings-button.tsx';
import { SavingsSummary } from './savings-summary.tsx';
import { useFindingFilters } from './use-finding-filters.ts';

/**
 * /ec2-rightsizing-recommendation: every kind of recommendation in one list, then the EC2 instances in
 * detail (CPU chart, candidate types, rightsizing settings).
 */
export function RecommendationsPage() {
  const filterState = useFindingFilters();
  const findings = useEc2Findings(filterState.filters);
  // Nine columns do not fit a phone: there each finding is a card (the table scrolled sideways).
  const phone = usePhoneWidth();
  const { user } = useSession();
  const canAct = user?.role === 'owner' || user?.role === 'admin';
  const mayAct = useMayAct();
  const list = findings.data;

  const download = list && list.findings.length > 0 && (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      onClick={() =>
        downloadCsv(
          `ec2-recommendations-${new Date().toISOString().slice(0, 10)}.csv`,
          findingsToCsv(list.findings),
        )
      }
    >
      Download CSV
    </Button>
  );

  return (
    <PageContainer>
      <ScreenHeader
        title="Recommendations"
        description="Idle and oversized instances, volumes nobody uses, old snapshots and idle IPs: what each costs a month and who owns it."
      />
      <AllRecommendations canAct={canAct} mayAct={mayAct} />
      <Group justify="space-between" align="flex-end" mb="sm">
        <Title order={3}>EC2 instances in detail</Title>
        {download}
      </Group>
      {findings.isPending && <FindingsSkeleton />}
      {findings.isError && (
        <SectionError what="recommendations" error={findings.error} onRetry={() => findings.refetch()} />
      )}
      {list && list.computed_at === null && <NoFindingsYet />}
      {list && list.computed_at !== null && (
        <>
          <SavingsSummary
            list={list}
            settingsControl={canAct ? <RightsizingSettingsButton settings={list.settings} /> : undefined}
          />
          <FindingFilters state={filterState} accounts={list.accounts} regions={list.regions} />
          {list.findings.length === 0 ? (
            <NoMatchingFindings onClear={filterState.clear} />
          ) : (
            <Paper withBorder radius="md" p="xs">
              {phone ? (
                <FindingCards
                  findings={list.findings}
                  percentile={list.settings.cpu_percentile}
                  onOpen={filterState.open}
                />
              ) : (
                <FindingsTable
                  findings={list.findings}
                  filters={filterState.filters}
                  percentile={list.settings.cpu_percentile}
                  onSort={filterState.sortBy}
                  onOpen={filterState.open}
                />
              )}
              <Text size="xs" c="dimmed" px="sm" pb="xs">
                {list.count} instance{list.count === 1 ? '' : 's'}. Select an instance for its CPU chart and
                the types compared.
              </Text>
            </Paper>
          )}
        </>
      )}
      <FindingDrawer
        findingId={filterState.openInstanceId}
        canAct={canAct}
        onClose={() => filterState.open(null)}
      />
    </PageContainer>
  );
}
