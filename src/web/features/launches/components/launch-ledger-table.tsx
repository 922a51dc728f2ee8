import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { LaunchLedgerRowView } from '../../../../contracts/launch-events.ts';
import { type ActionOffer, ledgerRowActionOffers } from '../../../../domain/resource-action-offers.ts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { ResourceActionButton } from '../../../components/resource-action-button.tsx';
import {
  actOnOffer,
  ResourceActionDialog,
  useResourceAction,
} from '../../../components/resource-action-dialog.tsx';
import {
  describeType,
  formatDuration,
  formatEventTime,
  formatUsdPerDay,
  formatUsdPerHour,
  kindLabel,
  launchedByName,
  priceSourceLabel,
} from '../../../lib/launch-format.ts';
import { isLaunchLead, launchInstances, StopLaunchButton } from './stop-launch-button.tsx';

/** A tooltip that also opens on a tap: the ledger is read on phones too. */
const TOUCH = { hover: true, focus: true, touch: true };

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export function PriceUnknown({ reason }: { reason: string | null }) {
  return (
    <Tooltip label={reason ?? 'No price for this resource'} events={TOUCH} multiline maw={280} withArrow>
      <Text
        size="sm"
        fw={600}
        c="orange.8"
        tabIndex={0}
        style={{ cursor: 'help', whiteSpace: 'nowrap', textDecoration: 'underline dotted' }}
      >
        price unknown
      </Text>
    </Tooltip>
  );
}

function LaunchedBy({ arn }: { arn: string | null }) {
  const name = launchedByName(arn);
  if (!name || !arn)
    return (
      <Tooltip
        label="No CloudTrail API-call event named the caller: the account has no trail with management events."
        events={TOUCH}
        multiline
        maw={280}
        withArrow
      >
        <Text size="sm" c="dimmed" tabIndex={0} style={{ cursor: 'help' }}>
          unknown
        </Text>
      </Tooltip>
    );
  return (
    <Tooltip label={arn} events={TOUCH} withArrow>
      <Text size="sm" tabIndex={0} style={{ cursor: 'help', overflowWrap: 'anywhere' }}>
        {name}
      </Text>
    </Tooltip>
  );
}

function RunState({ row, timeZone }: { row: LaunchLedgerRowView; timeZone: string }) {
  return (
    <Group gap={6} wrap="wrap">
      {row.running ? (
        <Text size="sm" c="orange.8" fw={500} style={numeric}>
          <span aria-hidden>● </span>running {formatDuration(row.started_at, null)}
        </Text>
      ) : (
        <Text size="sm" style={numeric}>
          {row.ended_at ? `ended ${formatEventTime(row.ended_at, timeZone)}` : 'ended'}
        </Text>
      )}
      {row.billed && (
        <Tooltip
          label="The bill data now covers its start: the billed hours took over, and it no longer counts in the live figures."
          events={TOUCH}
          multiline
          maw={280}
          withArrow
        >
          <Badge color="teal" variant="light" tabIndex={0} style={{ cursor: 'help' }}>
            billed
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

const offersOf = (row: LaunchLedgerRowView) =>
  ledgerRowActionOffers({
    resourceKind: row.resource_kind,
    resourceId: row.resource_id,
    accountId: row.account_id,
    region: row.region,
    running: row.running,
    count: row.count,
  });

/** What a row's Act cell does: stop its launch (on the launch's first instance), or act on the row's resource. */
interface RowActions {
  /** Whether the signed-in person may approve an action on the row's resource (the API's rule). */
  mayAct: (row: LaunchLedgerRowView) => boolean;
  onStop: (row: LaunchLedgerRowView) => void;
  onOffer: (row: LaunchLedgerRowView, offer: ActionOffer) => void;
}

function ActCell({
  row,
  rows,
  actions,
}: {
  row: LaunchLedgerRowView;
  rows: readonly LaunchLedgerRowView[];
  actions: RowActions;
}) {
  const offers = offersOf(row);
  const lead = isLaunchLead(row, rows);
  if (!lead && offers.length === 0) return null;
  if (!actions.mayAct(row))
    return (
      <Text size="xs" c="dimmed">
        Owners, admins or its team may act
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap">
      {lead && (
        <StopLaunchButton
          instanceCount={launchInstances(row, rows).length}
          onStop={() => actions.onStop(row)}
        />
      )}
      {offers.map((offer) => (
        <ResourceActionButton
          key={offer.kind}
          offer={offer}
          onAct={() => actions.onOffer(row, offer)}
          // A launch's instances are many rows: their tag stays small beside the launch's Stop.
          iconOnly={offer.kind === 'tag-for-review'}
        />
      ))}
    </Group>
  );
}

function columns(
  timeZone: string,
  rows: readonly LaunchLedgerRowView[],
  actions: RowActions,
): DataColumn<LaunchLedgerRowView>[] {
  return [
    {
      header: 'Resource',
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm" ff="monospace" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {row.resource_id}
          </Text>
          <Text size="xs" c="dimmed">
            {kindLabel(row.resource_kind)}
            {row.origin === 'resize' ? ' · resized' : ''}
          </Text>
        </Stack>
      ),
    },
    {
      header: 'Type',
      cell: (row) => (
        <Text size="sm" ff={row.type ? 'monospace' : undefined} c={row.type ? undefined : 'dimmed'}>
          {describeType(row)}
        </Text>
      ),
    },
    { header: 'Count', align: 'right', cell: (row) => <span style={numeric}>{row.count}</span> },
    {
      header: 'Where',
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm">{row.region}</Text>
          <Text size="xs" c="dimmed" style={numeric}>
            {row.account_id}
          </Text>
        </Stack>
      ),
    },
    { header: 'Launched by', cell: (row) => <LaunchedBy arn={row.launched_by} /> },
    {
      header: 'Started',
      cell: (row) => (
        <Text size="sm" style={numeric}>
          {formatEventTime(row.started_at, timeZone)}
        </Text>
      ),
    },
    { header: 'Status', cell: (row) => <RunState row={row} timeZone={timeZone} /> },
    {
      header: 'Added $/h',
      align: 'right',
      cell: (row) =>
        row.added_usd_per_hour === null ? (
          <PriceUnknown reason={row.unknown_reason} />
        ) : (
          <Text size="sm" fw={600} style={numeric}>
            {formatUsdPerHour(row.added_usd_per_hour)}
          </Text>
        ),
    },
    {
      header: '$/day',
      align: 'right',
      cell: (row) => (
        <Text size="sm" style={numeric} c={row.added_usd_per_day === null ? 'dimmed' : undefined}>
          {row.added_usd_per_day === null ? '—' : formatUsdPerDay(row.added_usd_per_day)}
        </Text>
      ),
    },
    {
      header: 'Price source',
      cell: (row) => (
        <Text size="xs" c="dimmed">
          {row.price_source ? priceSourceLabel(row.price_source) : '—'}
        </Text>
      ),
    },
    {
      header: 'Act',
      cell: (row) => <ActCell row={row} rows={rows} actions={actions} />,
    },
  ];
}

/** Every ledger row, one line each on a wide screen and one block each on a phone. */
export function LaunchLedgerTable({
  rows,
  timeZone,
  empty,
  mayAct,
}: {
  rows: readonly LaunchLedgerRowView[];
  timeZone: string;
  empty: React.ReactNode;
  mayAct: RowActions['mayAct'];
}) {
  const action = useResourceAction();
  const actions: RowActions = {
    mayAct,
    // The instances are read when Stop is pressed: the ledger may refresh while the dialog is open.
    onStop: (row) =>
      action.start({
        integration_id: row.integration_id,
        kind: 'stop-instances',
        region: row.region,
        instance_ids: launchInstances(row, rows),
        launch_id: row.id,
      }),
    onOffer: (row, offer) => actOnOffer(action, row.integration_id, offer),
  };
  return (
    <>
      <DataTable
        columns={columns(timeZone, rows, actions)}
        rows={rows}
        rowKey={(row) => row.id}
        empty={empty}
        phone="stack"
        verticalSpacing="sm"
        highlightOnHover
        data-testid="launch-ledger-table"
      />
      <ResourceActionDialog action={action} />
    </>
  );
}
