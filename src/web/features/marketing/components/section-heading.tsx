import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The eyebrow, h2 and one-line promise that open each landing section. */
export function SectionHeading({
  eyebrow,
  title,
  children,
  light = false,
}: {
  eyebrow: string;
  title: string;
  children?: ReactNode;
  light?: boolean;
}) {
  return (
    <Stack gap="sm" align="center" maw={680} mx="auto" mb={48}>
      <Text size="sm" fw={700} tt="uppercase" c={light ? 'blue.2' : 'blue.7'} style={{ letterSpacing: 1.2 }}>
        {eyebrow}
      </Text>
      <Title order={2} ta="center" fz={{ base: 28, sm: 36 }} lh={1.2} c={light ? 'white' : 'dark.8'}>
        {title}
      </Title>
      {children && (
        <Text size="lg" ta="center" c={light ? 'gray.3' : 'dimmed'}>
          {children}
        </Text>
      )}
    </Stack>
  );
}
