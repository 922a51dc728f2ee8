import { Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useActivateOrganization } from '../api/activate-organization.ts';
import { useMyOrganizations } from '../api/list-my-organizations.ts';
import { ROLE_LABELS } from './member-labels.tsx';

/**
 * User-menu entries to switch organization, for people in several; nothing for everyone else. The session
 * moves to the chosen one and every screen reads its data again.
 */
export function OrganizationSwitcherItems() {
  const organizations = useMyOrganizations();
  const navigate = useNavigate();
  const activate = useActivateOrganization({
    onSwitched: (active) => {
      notifications.show({ message: `You are now working in ${active.name}.` });
      navigate('/dashboard');
    },
    onFailed: (error) => notifications.show({ color: 'red', message: rejectionMessage(error) }),
  });
  if (!organizations.isSuccess || organizations.data.length < 2) return null;
  return (
    <>
      <Menu.Label>Switch organization</Menu.Label>
      {organizations.data.map((organization) => (
        <Menu.Item
          key={organization.id}
          disabled={activate.isPending}
          rightSection={organization.active ? <IconCheck size={14} aria-label="current" /> : null}
          onClick={() => {
            if (!organization.active) activate.mutate(organization.id);
          }}
        >
          <Text size="sm" fw={organization.active ? 600 : 400} truncate>
            {organization.name}
          </Text>
          <Text size="xs" c="dimmed">
            {ROLE_LABELS[organization.role]}
          </Text>
        </Menu.Item>
      ))}
      <Menu.Divider />
    </>
  );
}
