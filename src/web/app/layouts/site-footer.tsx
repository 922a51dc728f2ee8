import { Anchor, Container, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBrandGithub, IconBrandLinkedin, IconBrandX, IconMail } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { CONTACT_EMAIL } from '../../lib/contact.ts';

const SOCIAL_LINKS = [
  { href: 'https://github.com/spendguard', label: 'Spendguard on GitHub', Icon: IconBrandGithub },
  {
    href: 'https://www.linkedin.com/company/spendguard',
    label: 'Spendguard on LinkedIn',
    Icon: IconBrandLinkedin,
  },
  { href: 'https://x.com/spendguard', label: 'Spendguard on X', Icon: IconBrandX },
];

const neverChanges = () => () => {};

/**
 * The year on the visitor's clock. A page rendered at build time (src/web/prerender.tsx) has none, so
 * the markup hydrates as it was built, and the year appears in the render that follows.
 */
const useCurrentYear = () =>
  useSyncExternalStore(
    neverChanges,
    () => new Date().getFullYear(),
    () => null,
  );

/** Footer: tagline, social links, contact, legal and blog links, copyright with the address. */
export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer
      style={{
        background: 'var(--mantine-color-gray-0)',
        borderTop: '1px solid var(--mantine-color-gray-2)',
      }}
    >
      {/* On a phone the last lines scroll clear of the help widget's button (bottom right, 80 px tall). */}
      <Container size="xl" pt={40} pb={{ base: 104, sm: 40 }}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <BrandLogo size={24} />
            <Text c="dimmed" size="sm">
              Do not get surprised by your AWS bill.
            </Text>
            <Group gap="sm">
              {SOCIAL_LINKS.map(({ href, label, Icon }) => (
                <Anchor key={href} href={href} aria-label={label} c="gray.7" target="_blank" rel="noreferrer">
                  <Icon size={20} />
                </Anchor>
              ))}
            </Group>
          </Stack>
          <Stack gap={6}>
            <Text fw={600} size="sm">
              Company
            </Text>
            <Anchor component={Link} to="/blog" size="sm" c="dark.5">
              Blog
            </Anchor>
            <Anchor href={`mailto:${CONTACT_EMAIL}`} size="sm" c="dark.5">
              <Group gap={4} component="span">
                <IconMail size={14} /> Contact
              </Group>
            </Anchor>
          </Stack>
          <Stack gap={6}>
            <Text fw={600} size="sm">
              Legal
            </Text>
            <Anchor component={Link} to="/terms-and-conditions" size="sm" c="dark.5">
              Terms and Conditions
            </Anchor>
            <Anchor component={Link} to="/privacy-policy" size="sm" c="dark.5">
              Privacy Policy
            </Anchor>
          </Stack>
        </SimpleGrid>
        <Divider my="lg" />
        <Text size="xs" c="dimmed">
          © {year === null ? '' : `${year} `}Spendguard, Inc. · 10900 NE 8th Street, Suite 1000, Bellevue, WA
          98004
        </Text>
      </Container>
    </footer>
  );
}
