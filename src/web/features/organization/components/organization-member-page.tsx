import { Anchor, Avatar, Badge, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconUser } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { MemberProfile } from '../../../../contracts/organizations.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { RowsSkeleton, SectionError } from '../../../components/section-states.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatWhen, formatWhenDay } from '../../../lib/instant-format.ts';
import { useMember } from '../api/get-member.ts';
import { LastActive, RoleBadge } from './member-labels.tsx';

function MemberNotFound() {
  return (
    <EmptyState
      icon={<IconUser size={28} />}
      title="Member not found"
      action={
        <Button component={Link} to="/organization">
          Back to the organization
        </Button>
      }
    >
      This person is not a member of your organization.
    </EmptyState>
  );
}

function ProfileCard({ member }: { member: MemberProfile }) {
  return (
    <Paper withBorder p="lg">
      <Group gap="md" wrap="nowrap">
        <Avatar name={member.fullname} color="initials" radius="xl" size={56} />
        <Stack gap={2}>
          <Text fw={600}>Profile</Text>
          <Anchor href={`mailto:${member.email}`} c="dimmed">
            {member.email}
          </Anchor>
        </Stack>
      </Group>
      <Grid mt="lg">
        <Grid.Col span={4}>
          <Text size="xs" c="dimmed">
            Role
          </Text>
          <RoleBadge role={member.role} />
        </Grid.Col>
        <Grid.Col span={4}>
          <Text size="xs" c="dimmed">
            Last active
          </Text>
          <LastActive at={member.last_active_at} />
        </Grid.Col>
        <Grid.Col span={4}>
          <Text size="xs" c="dimmed">
            Member since
          </Text>
          <Text size="sm">{formatWhenDay(member.joined_at)}</Text>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

const KIND_NAMES: Record<string, string> = {
  budget: 'budgets',
  'cost-threshold': 'cost thresholds',
  anomaly: 'anomalies',
  'idle-ec2': 'idle instances',
};
const DIGEST_NAMES = { off: 'No digest', daily: 'Daily digest', weekly: 'Weekly digest' } as const;

function MemberAlertsSummary({ member }: { member: MemberProfile }) {
  const { alerts } = member;
  return (
    <Stack gap="sm">
      {alerts.email ? (
        <Group gap="xs">
          <IconMail size={18} color="var(--mantine-color-gray-6)" />
          <Text size="sm">
            E-mail to <Anchor href={`mailto:${member.email}`}>{member.email}</Anchor>
          </Text>
        </Group>
      ) : (
        <Text size="sm">E-mail alerts are turned off in their preferences.</Text>
      )}
      <Group gap={6}>
        {alerts.kinds.map((kind) => (
          <Badge key={kind} variant="light" tt="none">
            {KIND_NAMES[kind] ?? kind}
          </Badge>
        ))}
        <Badge variant="outline" color="gray" tt="none">
          {DIGEST_NAMES[alerts.digest]}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        For the spend {member.teams.length > 0 ? 'of their teams' : 'of the organization'}.
      </Text>
      <Text size="sm" fw={600} mt="xs">
        Lately
      </Text>
      {alerts.recent.length === 0 ? (
        <Text size="sm" c="dimmed">
          No alert has been sent to them yet.
        </Text>
      ) : (
        <Stack gap={6} data-testid="member-recent-alerts">
          {alerts.recent.map((alert) => (
            <Group key={`${alert.id}:${alert.channel}`} justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" truncate>
                {alert.title}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {alert.channel === 'slack' ? 'Slack' : 'E-mail'} · {formatWhen(alert.fired_at)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function TeamsAndAlerts({ member }: { member: MemberProfile }) {
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="sm">
          Teams
        </Title>
        {member.teams.length === 0 ? (
          <Text size="sm" c="dimmed">
            In no team: sees the whole organization’s spend.
          </Text>
        ) : (
          <Group gap={6}>
            {member.teams.map((team) => (
              <Badge
                key={team.id}
                variant="outline"
                size="lg"
                tt="none"
                component={Link}
                to={`/teams/${team.slug}`}
              >
                {team.name}
              </Badge>
            ))}
          </Group>
        )}
      </Paper>
      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="sm">
          Alerts they receive
        </Title>
        <MemberAlertsSummary member={member} />
      </Paper>
    </Stack>
  );
}

/** /organization-member/{slug}: one person's profile, teams, role, last activity and alert channels. */
export function OrganizationMemberPage() {
  const { slug = '' } = useParams();
  const member = useMember(slug);

  if (member.isError && member.error instanceof ApiRequestError && member.error.status === 404) {
    return (
      <PageContainer>
        <MemberNotFound />
      </PageContainer>
    );
  }
  return (
    <PageContainer size="lg">
      <ScreenHeader
        title={member.data?.fullname ?? 'Member'}
        description={
          <Anchor component={Link} to="/organization" size="sm">
            ← All members
          </Anchor>
        }
      />
      {member.isPending && <RowsSkeleton rows={3} label="the member" />}
      {member.isError && <SectionError what="this member" error={member.error} />}
      {member.isSuccess && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <ProfileCard member={member.data} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <TeamsAndAlerts member={member.data} />
          </Grid.Col>
        </Grid>
      )}
    </PageContainer>
  );
}
