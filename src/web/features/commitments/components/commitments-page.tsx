import { Alert, Button, Group, Paper, SegmentedControl, Select, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { RowsSkeleton, SectionError } from '../../../components/section-states.tsx';
import { downloadCsv } from '../../../lib/csv.ts';
import { usePersonToday } from '../../../lib/person-today.ts';
import { useCommitments } from '../api/get-commitments.ts';
import { type CommitmentFilters, WINDOWS, windowFilters } from '../commitment-filters.ts';
import { commitmentsToCsv } from '../commitments-csv.ts';
import { BilledElsewhereTable } from './billed-elsewhere-table.tsx';
import { scopeTagsNote, tagGapsNote } from './commitment-language.ts';
import { CommitmentsSummary } from './commitments-summary.tsx';
import { CommitmentsTable } from './commitments-table.tsx';
import { UtilizationChart } from './utilization-chart.tsx';

const KINDS = [
  { value: 'all', label: 'All' },
  { value: 'savings-plan', label: 'Savings Plans' },
  { value: 'reservation', label: 'Reservations' },
];

/** /commitments: Savings Plans and reservations from the bill, how well they are used, and when they end. */
export function CommitmentsPage() {
  const today = usePersonToday();
  const [days, setDays] = useState('30');
  const [kind, setKind] = useState<CommitmentFilters['kind']>('all');
  const [accountId, setAccountId] = useState<string | null>(null);
  const filters: CommitmentFilters = { ...windowFilters(today, Number(days)), kind, accountId };
  const commitments = useCommitments(filters);
  const view = commitments.data;
  // The accounts that own commitments in the answer, and the chosen one (cleared to see them all again).
  const owners = [
    ...new Set([
      ...(view?.commitments.map((row) => row.owner_account_id) ?? []),
      ...(accountId ? [accountId] : []),
    ]),
  ].sort();

  const download = view && view.commitments.length > 0 && (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      onClick={() =>
        downloadCsv(`commitments-${filters.from}-to-${filters.to}.csv`, commitmentsToCsv(view.commitments))
      }
    >
      Download CSV
    </Button>
  );

  return (
    <PageContainer>
      <ScreenHeader
        title="Commitments"
        description="Savings Plans and Reserved Instances from your bill and the AWS APIs: what they cover, what they waste, and when they end."
        actions={download}
      />
      <Group mb="md" gap="md" wrap="wrap">
        <SegmentedControl value={days} onChange={setDays} data={[...WINDOWS]} aria-label="Window" />
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value as CommitmentFilters['kind'])}
          data={KINDS}
          aria-label="Kind"
        />
        <Select
          placeholder="All accounts"
          aria-label="Account"
          clearable
          data={owners}
          value={accountId}
          onChange={setAccountId}
          w={200}
        />
      </Group>
      {view && view.scope_tags.length > 0 && (
        <Text size="sm" c="dimmed" mb="md" data-testid="scope-tags-note">
          {scopeTagsNote(view.scope_tags)}
        </Text>
      )}
      {view && view.tag_gaps.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          mb="md"
          data-testid="tag-gaps-note"
          title="Some months count less"
        >
          {tagGapsNote(view.tag_gaps)}
        </Alert>
      )}
      {commitments.isPending && <RowsSkeleton rows={4} label="Loading commitments" />}
      {commitments.isError && (
        <SectionError what="commitments" error={commitments.error} onRetry={() => commitments.refetch()} />
      )}
      {view && view.commitments.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Title order={3} size="h4">
            {view.scoped ? 'No commitments billed to the accounts you see' : 'No commitments in this bill'}
          </Title>
          <Text c="dimmed" mt="xs">
            {view.scoped
              ? view.billed_elsewhere.length > 0
                ? 'No Savings Plan or Reserved Instance is billed to the accounts you see. Those below, billed to other accounts, paid for some of the usage you see.'
                : 'No Savings Plan or Reserved Instance is owned by the accounts you see, and none paid for the usage you see in this window.'
              : 'The bill names no Savings Plan or Reserved Instance. They appear here once a Cost and Usage Report or FOCUS export that holds them is read.'}
          </Text>
        </Paper>
      )}
      {view && view.commitments.length > 0 && (
        <>
          <CommitmentsSummary view={view} />
          <Paper withBorder radius="md" p="md" mb="lg">
            <Text fw={600} mb="sm">
              Utilization {view.granularity === 'month' ? 'per month' : 'per day'}
            </Text>
            <UtilizationChart view={view} />
          </Paper>
          <Paper withBorder radius="md" p="xs">
            <CommitmentsTable rows={view.commitments} />
          </Paper>
        </>
      )}
      {view && view.billed_elsewhere.length > 0 && (
        <BilledElsewhereTable
          rows={view.billed_elsewhere}
          csvName={`commitments-billed-elsewhere-${filters.from}-to-${filters.to}.csv`}
        />
      )}
    </PageContainer>
  );
}
