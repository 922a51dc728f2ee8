import { Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { blogPosts } from '../posts.ts';
import { PostCard } from './post-card.tsx';

export function BlogListPage() {
  const [latest, ...earlier] = blogPosts;
  return (
    <>
      <Box
        style={{
          background: 'linear-gradient(180deg, var(--mantine-color-blue-0) 0%, #fff 100%)',
          borderBottom: '1px solid var(--mantine-color-gray-2)',
        }}
      >
        <Container size="lg" py={{ base: 48, md: 72 }}>
          <Text size="sm" fw={700} tt="uppercase" c="blue.7" style={{ letterSpacing: 1.2 }}>
            Blog
          </Text>
          <Title order={1} fz={{ base: 34, md: 46 }} lh={1.15} mt={6}>
            Notes on not being surprised by AWS
          </Title>
          <Text size="lg" c="dark.5" mt="md" maw={640} lh={1.6}>
            Where surprise spend comes from, how to read the billing data that shows it, and how to set alerts
            that people act on.
          </Text>
        </Container>
      </Box>
      <Container size="lg" py={{ base: 40, md: 64 }}>
        <Stack gap="lg">
          {latest && <PostCard post={latest} featured />}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {earlier.map((post) => (
              <PostCard key={post.slug} post={post} />
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </>
  );
}
