import { Anchor, Box, Container, Divider, Grid, Stack, Text, Title, Typography } from '@mantine/core';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** The shared frame of the legal pages: title, last-updated date, a contents list and numbered h2 sections. */
export function LegalPageLayout({
  title,
  lastUpdated,
  summary,
  sections,
}: {
  title: string;
  lastUpdated: string;
  summary: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <>
      <Box bg="gray.0" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg" py={{ base: 40, md: 64 }}>
          <Text size="sm" fw={700} tt="uppercase" c="blue.7" style={{ letterSpacing: 1.2 }}>
            Legal
          </Text>
          <Title order={1} fz={{ base: 32, md: 44 }} mt={6}>
            {title}
          </Title>
          <Text c="dimmed" mt="xs">
            Last updated <time dateTime={lastUpdated}>{dayjs(lastUpdated).format('MMMM D, YYYY')}</time>
          </Text>
          <Text size="lg" c="dark.5" mt="lg" maw={760} lh={1.6}>
            {summary}
          </Text>
        </Container>
      </Box>
      <Container size="lg" py={{ base: 40, md: 56 }}>
        <Grid gap={{ base: 'xl', md: 56 }}>
          <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
            <Stack gap={8} component="nav" aria-label="On this page" pos="sticky" top={24}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                On this page
              </Text>
              {sections.map((section, index) => (
                <Anchor key={section.id} href={`#${section.id}`} size="sm" c="dark.5">
                  {index + 1}. {section.title}
                </Anchor>
              ))}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Typography maw={760} lh={1.7} c="dark.7">
              {sections.map((section, index) => (
                <section key={section.id} id={section.id} style={{ scrollMarginTop: 24 }}>
                  {index > 0 && <Divider my="xl" />}
                  <h2>
                    {index + 1}. {section.title}
                  </h2>
                  {section.body}
                </section>
              ))}
            </Typography>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
