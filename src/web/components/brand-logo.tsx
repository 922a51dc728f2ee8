import { Group, Text } from '@mantine/core';

export function BrandLogo({ size = 28 }: { size?: number }) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="var(--mantine-color-blue-7)" />
        <path d="M32 12 48 18v12c0 11-7 19-16 22-9-3-16-11-16-22V18z" fill="#fff" />
        <path
          d="M25 33l5 5 10-11"
          stroke="var(--mantine-color-blue-7)"
          strokeWidth="4.5"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Text fw={800} size="lg" c="dark.8" style={{ letterSpacing: -0.3 }}>
        Spendguard
      </Text>
    </Group>
  );
}
