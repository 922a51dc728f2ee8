import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { Link } from 'react-router';
import { showsMainNavigation } from '../../../domain/route-access.ts';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { ConsultationButton } from '../../features/help-widget/components/consultation-button.tsx';
import { useSession } from '../../lib/session.tsx';
import { MAIN_LINKS, VISITOR_ANCHORS } from './header-links.ts';
import { PhoneNavigation } from './phone-navigation.tsx';
import { UserMenu } from './user-menu.tsx';

/**
 * Header: main links once verified, the user menu, or the visitor's anchors. From the `md`
 * breakpoint down the links and the consultation action move into the phone menu.
 */
export function SiteHeader({ privacy = false }: { privacy?: boolean }) {
  const { viewer, user } = useSession();
  const signedIn = viewer.kind === 'signed-in';
  const mainNavigation = showsMainNavigation(viewer);
  const logoTarget = mainNavigation ? '/dashboard' : '/';

  return (
    <header style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', background: 'white' }}>
      <Container size="xl" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="xl" wrap="nowrap">
            <Anchor component={Link} to={logoTarget} underline="never" aria-label="Spendguard home">
              <BrandLogo />
            </Anchor>
            {mainNavigation && (
              <Group gap="lg" visibleFrom="md" wrap="nowrap" component="nav" aria-label="Main">
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
              <Box visibleFrom="md">
                <ConsultationButton user={user} />
              </Box>
              <UserMenu />
              {mainNavigation && <PhoneNavigation content={{ kind: 'signed-in', user }} />}
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
      <Group gap="lg" mr="md" visibleFrom="md" wrap="nowrap" component="nav" aria-label="Site">
        {VISITOR_ANCHORS.map((anchor) => (
          <Anchor key={anchor.href} href={anchor.href} c="dark.6" fw={500} size="sm">
            {anchor.label}
          </Anchor>
        ))}
      </Group>
      <Button component={Link} to="/sign-in" variant="subtle" size="compact-md" visibleFrom="xs">
        Sign in
      </Button>
      <Button component={Link} to="/sign-up" size="compact-md">
        Sign up
      </Button>
      <PhoneNavigation content={{ kind: 'visitor' }} />
    </Group>
  );
}
