import { Anchor, Badge, Box, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconRocket } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  LaunchSummaryFigures,
  LaunchSummaryFiguresSkeleton,
} from '../../../components/launch-summary-figures.tsx';
import { RegionName } from '../../../components/region-name.tsx';
import { SectionError } from '../../../components/section-states.tsx';
import {
  billDataSentence,
  formatEventTime,
  formatUsdPerHour,
  kindLabel,
  launchedByName,
  unpricedLabel,
} from '../../../lib/launch-format.ts';
import { groupRunningLaunches, type LaunchGroup } from '../../../lib/launch-groups.ts';
import { useSession } from '../../../lib/session.tsx';
import { useRunningLaunches } from '../api/get-launch-ledger.ts';
import { type LaunchesBeyondView, type LaunchesViewScope, launchesBeyondView } from './unbilled-launches.ts';

const LINES_SHOWN = 3;

/** What the card holds beyond the view below it, so its figures are not read as the view's. */
const BEYOND_VIEW: Record<LaunchesBeyondView, string> = {
  integration: 'Running launches of every integration, not only the one in view below.',
  tags: 'Every running launch on these accounts, not only the tag values in view below: launch events carry no tags.',
  provider: 'Launches on AWS, not on the clouds in view below.',
};

function CardFrame({ children }: { children: React.ReactNode }) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      mb="md"
      data-testid="launches-card"
      style={{ borderColor: 'var(--mantine-color-orange-4)', borderLeftWidth: 4 }}
    >
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

function CardTitle() {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Group gap="xs" wrap="wrap">
        <IconRocket size={20} color="var(--mantine-color-orange-6)" aria-hidden />
        <Title order={2} size="h4">
          Launched since your bill data
        </Title>
        <Badge color="orange" variant="light" size="sm">
          Live
        </Badge>
      </Group>
      <Anchor component={Link} to="/launches?status=running" size="sm" fw={500}>
        <Group gap={4} wrap="nowrap" component="span">
          Open the launch ledger <IconArrowRight size={14} />
        </Group>
      </Anchor>
    </Group>
  );
}

function LaunchLine({ group, timeZone }: { group: LaunchGroup; timeZone: string }) {
  const who = launchedByName(group.launchedBy);
  const type = group.type ?? `${kindLabel(group.resourceKind)}, type unknown`;
  const what =
    group.origin === 'resize' ? `${group.previousType ?? '?'} → ${type}` : `${group.count} × ${type}`;
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
      <Text size="sm" style={{ minWidth: 0 }}>
        <Text span fw={600} ff="monospace" fz="sm">
          {what}
        </Text>{' '}
        <Text span c="dimmed" fz="sm">
          in <RegionName region={group.region} /> · {who ? `by ${who}` : 'caller unknown'} ·{' '}
          {formatEventTime(group.startedAt, timeZone)}
        </Text>
      </Text>
      <Text
        size="sm"
        fw={600}
        c={group.addedUsdPerHour === null ? 'orange.8' : undefined}
        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      >
        {group.addedUsdPerHour === null ? 'price unknown' : `+${formatUsdPerHour(group.addedUsdPerHour)}`}
      </Text>
    </Group>
  );
}

/**
 * What was launched after the bill data ends, priced live. Shown while something runs,
 * hidden when nothing does; it asks the server again every 15 s (see get-launch-ledger.ts). It says so
 * when the dashboard's view is narrower than the launches it holds.
 */
export function LaunchesCard({ view }: { view: LaunchesViewScope | null }) {
  const { user } = useSession();
  const timeZone = user?.default_timezone ?? 'UTC';
  const ledger = useRunningLaunches();

  if (ledger.isPending) {
    return (
      <CardFrame>
        <Skeleton h={22} w={260} />
        <LaunchSummaryFiguresSkeleton />
      </CardFrame>
    );
  }
  if (ledger.isError) {
    return (
      <Box mb="md">
        <SectionError what="live launches" error={ledger.error} onRetry={() => ledger.refetch()} />
      </Box>
    );
  }
  const { summary, rows } = ledger.data;
  const groups = groupRunningLaunches(rows);
  if (groups.length === 0) return null;
  const beyond = view && launchesBeyondView(ledger.data, view);
  return (
    <CardFrame>
      <CardTitle />
      {beyond && (
        <Text size="sm" c="dimmed" mt={-8} data-testid="launches-card-not-narrowed">
          {BEYOND_VIEW[beyond]}
        </Text>
      )}
      <LaunchSummaryFigures summary={summary} />
      <Stack gap={6} data-testid="launches-card-lines">
        {groups.slice(0, LINES_SHOWN).map((group) => (
          <LaunchLine key={group.key} group={group} timeZone={timeZone} />
        ))}
        {groups.length > LINES_SHOWN && (
          <Text size="sm" c="dimmed">
            and {groups.length - LINES_SHOWN} more in the ledger
          </Text>
        )}
      </Stack>
      <Text size="xs" c="dimmed">
        {summary.unpriced_count > 0 && (
          <Text span fz="xs" c="orange.8" fw={600} data-testid="launches-unpriced">
            {unpricedLabel(summary.unpriced_count)} (not in the figures) ·{' '}
          </Text>
        )}
        {billDataSentence(summary.billing_data_ends_at, timeZone)} Savings Plans and Reserved Instances are
        not applied.
      </Text>
    </CardFrame>
  );
}
