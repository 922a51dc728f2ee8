import { Badge, Group, Text } from '@mantine/core';
import type { TeamScope } from '../../../../contracts/teams.ts';

export function describeScope(scope: TeamScope): string {
  const parts = [];
  if (scope.account_ids.length > 0) {
    parts.push(`${scope.account_ids.length} account${scope.account_ids.length === 1 ? '' : 's'}`);
  }
  if (scope.tags.length > 0)
    parts.push(`${scope.tags.length} tag value${scope.tags.length === 1 ? '' : 's'}`);
  return parts.length > 0 ? parts.join(' · ') : 'Whole organization';
}

/** The accounts and tag pairs of a scope as badges; "whole organization" when it has none. */
export function ScopeBadges({ scope }: { scope: TeamScope }) {
  if (scope.account_ids.length === 0 && scope.tags.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No scope: its members see the whole organization.
      </Text>
    );
  }
  return (
    <Group gap={6}>
      {scope.account_ids.map((accountId) => (
        <Badge key={accountId} variant="light" color="teal" tt="none">
          Account {accountId}
        </Badge>
      ))}
      {scope.tags.map((tag) => (
        <Badge key={`${tag.key}=${tag.value}`} variant="light" color="grape" tt="none">
          {tag.key} = {tag.value}
        </Badge>
      ))}
    </Group>
  );
}
