import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import type {
  RecommendationItem,
  RecommendationListView,
} from '../../../../contracts/recommendation-list.ts';
import { formatUsd } from '../../../../domain/money.ts';
import { recommendationsCsv } from '../../../../domain/recommendation-csv.ts';
import { type ActionOffer, findingActionOffers } from '../../../../domain/resource-action-offers.ts';
import { ResourceActionButton } from '../../../components/resource-action-button.tsx';
import {
  actOnOffer,
  ResourceActionDialog,
  useResourceAction,
} from '../../../components/resource-action-dialog.tsx';
import { SectionError } from '../../../components/section-states.tsx';
import { downloadCsv } from '../../../lib/csv.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import type { ActableResource } from '../../../lib/resource-actions.ts';
import { type RecommendationFilters, useRecommendations } from '../api/get-recommendations.ts';
import { ClampedWhy } from './clamped-why.tsx';
import {
  IMPORTED_SERVICES,
  ImportedServicesOffNote,
  type ImportFinder,
} from './imported-services-off-note.tsx';
import { KindTotals } from './kind-totals.tsx';
import { RecommendationActionButton } from './recommendation-action-button.tsx';
import { RecommendationCards } from './recommendation-cards.tsx';
import { RecommendationFilterBar } from './recommendation-filters.tsx';
import { ActionNote, KindBadge, OwnerName, Savings, SourceLabel } from './recommendation-parts.tsx';
import { WasteSettingsButton } from './waste-settings-button.tsx';

const FINDER_NAMES: Partial<Record<RecommendationListView['finders'][number]['finder'], string>> = {
  natGateways: 'NAT gateways',
  loadBalancers: 'Load balancers',
  networkInterfaces: 'Network interfaces',
  computeOptimizer: 'Compute Optimizer import',
  costOptimizationHub: 'Cost Optimization Hub import',
};
const finderName = (finder: string) =>
  FINDER_NAMES[finder as keyof typeof FINDER_NAMES] ?? `${finder[0]?.toUpperCase()}${finder.slice(1)}`;

const offersOf = (item: RecommendationItem) =>
  findingActionOffers({
    kind: item.kind,
    accountId: item.account_id,
    region: item.region,
    resourceId: item.resource_id,
    tags: item.tags,
    resource: item.resource,
  });

interface RowProps {
  item: RecommendationItem;
  /** Owners and admins set findings aside. */
  canAct: boolean;
  /** The actions on its resource the person may approve (decision 126). */
  offers: ActionOffer[];
  onOffer: (offer: ActionOffer) => void;
}

function Row({ item, canAct, offers, onOffer }: RowProps) {
  return (
    <Table.Tr>
      <Table.Td>
        <KindBadge kind={item.kind} />
        <SourceLabel item={item} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {item.name ?? item.resource_id}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {item.resource_id}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{item.account_id}</Text>
        <Text size="xs" c="dimmed">
          {item.region}
        </Text>
      </Table.Td>
      <Table.Td>
        <OwnerName item={item} />
      </Table.Td>
      <Table.Td ta="right">
        <Savings item={item} />
      </Table.Td>
      <Table.Td>
        <ClampedWhy text={item.why} />
        <ActionNote item={item} />
      </Table.Td>
      <Table.Td>
        <Group gap={6} justify="flex-end" wrap="nowrap">
          {offers.map((offer) => (
            <ResourceActionButton key={offer.kind} offer={offer} onAct={() => onOffer(offer)} />
          ))}
          {canAct && <RecommendationActionButton item={item} />}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Every kind of recommendation in one list: totals per kind, filters, set aside with a reason, CSV, and the
 * actions on its resource (stop a database, set a group to 0, tag for later) with their dry run first.
 */
export function AllRecommendations({
  canAct,
  mayAct,
}: {
  canAct: boolean;
  /** Whether the person may approve an action on a resource (the actions API's rule). */
  mayAct: (resource: ActableResource) => boolean;
}) {
  const [filters, setFilters] = useState<RecommendationFilters>({});
  const query = useRecommendations(filters);
  const action = useResourceAction();
  // Seven columns do not fit a phone: there each finding is a card, nothing scrolls sideways.
  const phone = usePhoneWidth();
  const list = query.data;
  // The same buttons on a row and on a phone's card: those the person may approve on the resource.
  const offersFor = (item: RecommendationItem) =>
    mayAct({ integrationId: item.integration_id, accountId: item.account_id, tags: item.tags })
      ? offersOf(item)
      : [];
  const onOffer = (item: RecommendationItem, offer: ActionOffer) =>
    actOnOffer(action, item.integration_id, offer);
  const set = (patch: Partial<RecommendationFilters>) => setFilters({ ...filters, ...patch });
  if (query.isError)
    return <SectionError what="recommendations" error={query.error} onRetry={() => query.refetch()} />;
  if (!list) return null;
  const blocked = list.finders.filter((finder) => finder.state !== 'ok' && finder.state !== 'not-enrolled');
  const offIn = (service: ImportFinder) => [
    ...new Set(
      list.finders
        .filter((finder) => finder.finder === service && finder.state === 'not-enrolled')
        .map((f) => f.account_id),
    ),
  ];
  const imported = (Object.keys(IMPORTED_SERVICES) as ImportFinder[])
    .filter((service) => list.finders.some((finder) => finder.finder === service && finder.state === 'ok'))
    .map((service) => `${IMPORTED_SERVICES[service].name}'s`);
  return (
    <Stack gap="md" mb="xl">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={3}>Every recommendation</Title>
          <Text size="sm" c="dimmed">
            {formatUsd(list.total_monthly_savings)} a month across {list.findings.length} finding
            {list.findings.length === 1 ? '' : 's'}, each priced from the bill where it appears
            {imported.length > 0
              ? `; ${imported.join(' and ')} recommendations merged in, each resource counted once`
              : ''}
            .
          </Text>
        </div>
        <Group gap="xs">
          <WasteSettingsButton canEdit={canAct} />
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            disabled={list.findings.length === 0}
            onClick={() =>
              downloadCsv(`recommendations-${list.findings.length}.csv`, recommendationsCsv(list.findings))
            }
          >
            Download CSV
          </Button>
        </Group>
      </Group>
      {blocked.map((finder) => (
        <Alert
          key={`${finder.integration_id}/${finder.account_id}/${finder.finder}`}
          color="yellow"
          icon={<IconLock size={18} />}
          title={`${finderName(finder.finder)} of account ${finder.account_id} not checked`}
        >
          {finder.state === 'missing-permission'
            ? `The role lacks ${finder.permission}: update the stack from the latest template or add it to the role's policy. The other finders ran.`
            : (finder.message ?? 'The last sync could not finish this finder.')}
        </Alert>
      ))}
      <ImportedServicesOffNote
        off={{
          computeOptimizer: offIn('computeOptimizer'),
          costOptimizationHub: offIn('costOptimizationHub'),
        }}
      />
      <KindTotals totals={list.totals} selected={filters.kind} onSelect={(kind) => set({ kind })} />
      <RecommendationFilterBar list={list} filters={filters} onChange={set} />
      {phone ? (
        <RecommendationCards
          findings={list.findings}
          canAct={canAct}
          offersFor={offersFor}
          onOffer={onOffer}
        />
      ) : (
        <Paper withBorder radius="md" p="xs" style={{ overflowX: 'auto' }}>
          <Table verticalSpacing="xs" highlightOnHover miw={1100} aria-label="Every recommendation">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={170}>Kind</Table.Th>
                <Table.Th w={220}>Resource</Table.Th>
                <Table.Th w={130}>Account</Table.Th>
                <Table.Th w={120}>Owner</Table.Th>
                <Table.Th w={110} ta="right">
                  Saves a month
                </Table.Th>
                <Table.Th>Why</Table.Th>
                <Table.Th w={260} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.findings.map((item) => (
                <Row
                  key={item.id}
                  item={item}
                  canAct={canAct}
                  offers={offersFor(item)}
                  onOffer={(offer) => onOffer(item, offer)}
                />
              ))}
            </Table.Tbody>
          </Table>
          {list.findings.length === 0 && (
            <Text size="sm" c="dimmed" p="md">
              Nothing matches these filters.
            </Text>
          )}
        </Paper>
      )}
      <ResourceActionDialog action={action} />
    </Stack>
  );
}
