import { Anchor, Avatar, Button, Container, Group, Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { showsBillingMenu, showsMainNavigation } from '../../../domain/route-access.ts';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { ConsultationButton } from '../../features/help-widget/components/consultation-button.tsx';
import { OrganizationSwitcherItems } from '../../features/organization/components/organization-switcher.tsx';
import { useSession } from '../session.tsx';

const MAIN_LINKS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/aws-integration', label: 'AWS Integrations' },
  { to: '/ec2-rightsizing-recommendation', label: 'Recommendations' },
  { to: '/notification', label: 'Notifications' },
];

const VISITOR_ANCHORS = [
  { href: '/#about', label: 'How It Works' },
  { href: '/#features', label: 'Features' },
  { href: '/#pricing', label: 'Pricing' },
];

/** Spec §2 header: main links once verified, the user menu, or the visitor's anchors. */
export function SiteHeader({ privacy = false }: { privacy?: boolean }) {
  const { viewer, user } = useSession();
  const signedIn = viewer.kind === 'signed-in';
  const logoTarget = showsMainNavigation(viewer) ? '/dashboard' : '/';

  return (
    <header style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', background: 'white' }}>
      <Container size="xl" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="xl" wrap="nowrap">
            <Anchor component={Link} to={logoTarget} underline="never" aria-label="Spendguard home">
              <BrandLogo />
            </Anchor>
            {showsMainNavigation(viewer) && (
              <Group gap="lg" visibleFrom="sm" component="nav" aria-label="Main">
                {MAIN_LINKS.map((link) => (
                  <Anchor key={link.to} component={Link} to={link.to} c="dark.6" fw={500} size="sm">
                    {link.label}
                  </Anchor>
                ))}
              </Group>
            )}
          </Group>
          {signedIn && user ? (
            <Group gap="md" wrap="nowrap">
              <ConsultationButton user={user} />
              <UserMenu />
            </Group>
          ) : (
            <VisitorLinks privacy={privacy} />
          )}
        </Group>
      </Container>
    </header>
  );
}

function VisitorLinks({ privacy }: { privacy: boolean }) {
  if (privacy) {
    return (
      <Anchor component={Link} to="/" fw={500} size="sm">
        Home
      </Anchor>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Group gap="lg" mr="md" visibleFrom="sm" component="nav" aria-label="Site">
        {VISITOR_ANCHORS.map((anchor) => (
          <Anchor key={anchor.href} href={anchor.href} c="dark.6" fw={500} size="sm">
            {anchor.label}
          </Anchor>
        ))}
      </Group>
      <Button component={Link} to="/sign-in" variant="subtle" size="compact-md">
        Sign in
      </Button>
      <Button component={Link} to="/sign-up" size="compact-md">
        Sign up
      </Button>
    </Group>
  );
}

function UserMenu() {
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
            <span style={{ fontWeight: 500, fontSize: 14 }}>{firstName}</span>
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
