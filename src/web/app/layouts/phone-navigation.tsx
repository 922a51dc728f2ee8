import { Box, Burger, Button, Divider, Drawer, NavLink, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { ConsultationButton } from '../../features/help-widget/components/consultation-button.tsx';
import type { CurrentUser } from '../../lib/current-user.ts';
import { MAIN_LINKS, VISITOR_ANCHORS } from './header-links.ts';

/** What the phone menu lists: the main screens of a verified person, or a visitor's sections and sign-in. */
export type PhoneNavigationContent = { kind: 'signed-in'; user: CurrentUser } | { kind: 'visitor' };

/** Below the desktop breakpoint the header links move into a drawer opened by a menu button. */
export function PhoneNavigation({ content }: { content: PhoneNavigationContent }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  return (
    <Box hiddenFrom="md">
      <Burger opened={opened} onClick={toggle} size="sm" aria-label="Open the menu" />
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size={320}
        title={<BrandLogo size={24} />}
        closeButtonProps={{ 'aria-label': 'Close the menu' }}
        // Above the help widget (z-index 300), whose greeting bubble otherwise sat on the open menu.
        zIndex={400}
      >
        <Stack gap="xs" component="nav" aria-label="Menu">
          {content.kind === 'signed-in' ? (
            <>
              {MAIN_LINKS.map((link) => (
                <NavLink
                  key={link.to}
                  component={Link}
                  to={link.to}
                  label={link.label}
                  active={pathname.startsWith(link.to)}
                  onClick={close}
                />
              ))}
              <Divider my="xs" />
              <ConsultationButton user={content.user} fullWidth />
            </>
          ) : (
            <>
              {VISITOR_ANCHORS.map((anchor) => (
                <NavLink key={anchor.href} href={anchor.href} label={anchor.label} onClick={close} />
              ))}
              <Divider my="xs" />
              <Button component={Link} to="/sign-in" variant="default" onClick={close}>
                Sign in
              </Button>
              <Button component={Link} to="/sign-up" onClick={close}>
                Sign up
              </Button>
            </>
          )}
        </Stack>
      </Drawer>
    </Box>
  );
}
