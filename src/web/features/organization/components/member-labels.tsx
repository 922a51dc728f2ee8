import { Anchor, Avatar, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { Link } from 'react-router';
import type { OrganizationMember } from '../../../../contracts/organizations.ts';
import { formatWhen } from '../../../lib/instant-format.ts';

dayjs.extend(relativeTime);

const ROLE_COLORS: Record<string, string> = { owner: 'violet', admin: 'blue', member: 'gray' };
export const ROLE_LABELS: Record<string, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

export function RoleBadge({ role }: { role: string }) {
  return (
    <Badge variant="light" color={ROLE_COLORS[role] ?? 'gray'}>
      {ROLE_LABELS[role] ?? role}
    </Badge>
  );
}

/** Avatar with initials, full name and e-mail. */
export function MemberIdentity({ member, you }: { member: OrganizationMember; you?: boolean }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar name={member.fullname} color="initials" radius="xl" size={34} />
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {member.fullname}
          {you && (
            <Text span size="xs" c="dimmed" fw={400}>
              {' '}
              (you)
            </Text>
          )}
        </Text>
        <Text size="xs" c="dimmed">
          {member.email}
        </Text>
      </Stack>
    </Group>
  );
}

/** The member's identity as a link to their page in the organization. */
export function MemberLink({ member, you }: { member: OrganizationMember; you?: boolean }) {
  return (
    <Anchor component={Link} to={`/organization-member/${member.slug}`} underline="never" c="inherit">
      <MemberIdentity member={member} you={you} />
    </Anchor>
  );
}

/** "3 hours ago", with the exact time on hover; the newest session decides. */
export function LastActive({ at }: { at: string | null }) {
  if (!at) {
    return (
      <Text size="sm" c="dimmed">
        Not signed in
      </Text>
    );
  }
  return (
    <Tooltip label={formatWhen(at)}>
      <Text size="sm">{dayjs(at).fromNow()}</Text>
    </Tooltip>
  );
}
