import { Avatar, Box, Group, Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { managesOrganization } from '../../../domain/organization-roles.ts';
import { showsBillingMenu } from '../../../domain/route-access.ts';
import { OrganizationSwitcherItems } from '../../features/organization/components/organization-switcher.tsx';
import { useSession } from '../../lib/session.tsx';

/** User menu: avatar and first name (the avatar alone on a phone), settings, organization, billing. */
export function UserMenu() {
  const { viewer, user, signOut } = useSession();
  if (!user) return null;
  const firstName = user.fullname.trim().split(/\s+/)[0] || user.email;

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label="Account menu">
          <Group gap={8} wrap="nowrap">
            {user.image.src ? (
              <Avatar src={user.image.src} radius="xl" size={32} alt="" />
            ) : (
              <Avatar radius="xl" size={32} color="blue">
                <IconUserCircle size={22} />
              </Avatar>
            )}
            <Box component="span" visibleFrom="sm" fw={500} fz={14}>
              {firstName}
            </Box>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <OrganizationSwitcherItems />
        <Menu.Item component={Link} to="/settings">
          Account Settings
        </Menu.Item>
        <Menu.Item component={Link} to="/organization">
          Organization
        </Menu.Item>
        {viewer.kind === 'signed-in' && viewer.emailVerified && managesOrganization(viewer.role) && (
          <Menu.Item component={Link} to="/settings/api-tokens">
            API tokens
          </Menu.Item>
        )}
        {showsBillingMenu(viewer) && (
          <Menu.Item component={Link} to="/subscription">
            Billing
          </Menu.Item>
        )}
        {viewer.kind === 'signed-in' && viewer.isSupportStaff && viewer.emailVerified && (
          <Menu.Item component={Link} to="/support-inbox">
            Support inbox
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void signOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
