import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';

export function ClosingCtaBand() {
  return (
    <Box
      component="section"
      aria-labelledby="closing-cta-title"
      py={{ base: 56, md: 80 }}
      style={{
        background:
          'linear-gradient(120deg, var(--mantine-color-blue-9) 0%, var(--mantine-color-blue-7) 100%)',
      }}
    >
      <Container size="md">
        <Stack align="center" gap="lg">
          <Title order={2} id="closing-cta-title" ta="center" c="white" fz={{ base: 28, sm: 36 }} lh={1.2}>
            Know this month's AWS bill before AWS sends it
          </Title>
          <Text ta="center" c="blue.1" size="lg" maw={600}>
            Connect a read-only role in a few minutes and see your costs within a day. Free for one AWS
            account, forever.
          </Text>
          <Group justify="center">
            <Button
              component={Link}
              to="/sign-up"
              size="lg"
              color="white"
              c="blue.8"
              rightSection={<IconArrowRight size={18} />}
            >
              Start free
            </Button>
            <Button
              component="a"
              href="mailto:hello@spendguard.io"
              size="lg"
              variant="outline"
              color="white"
              leftSection={<IconMail size={18} />}
            >
              Talk to us
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
