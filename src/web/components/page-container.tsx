import { Container } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageContainer({
  children,
  size = 'xl',
}: {
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}) {
  return (
    <Container size={size} py="xl">
      {children}
    </Container>
  );
}
