import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { BlogPost } from '../posts.ts';
import { PostByline } from './post-byline.tsx';

/** One post in the list. The title is the card's only link; it stretches over the whole card. */
export function PostCard({ post, featured = false }: { post: BlogPost; featured?: boolean }) {
  return (
    <Card
      component="article"
      withBorder
      radius="lg"
      p={featured ? { base: 'lg', sm: 'xl' } : 'lg'}
      pos="relative"
      h="100%"
    >
      <Stack gap="md" h="100%">
        {featured && (
          <Badge variant="light" w="fit-content">
            Latest
          </Badge>
        )}
        <Title order={2} fz={featured ? { base: 24, sm: 30 } : 20} lh={1.25}>
          <Anchor component={Link} to={`/blog/${post.slug}`} c="dark.8" underline="hover" inherit>
            <span aria-hidden="true" style={{ position: 'absolute', inset: 0 }} />
            {post.title}
          </Anchor>
        </Title>
        <Text c="dark.4" fz={featured ? { base: 'md', sm: 'lg' } : 'md'} lh={1.6} style={{ flex: 1 }}>
          {post.summary}
        </Text>
        <Group justify="space-between" align="center">
          <PostByline post={post} />
          <Group gap={4} c="blue.7">
            <Text size="sm" fw={600} c="blue.7">
              Read article
            </Text>
            <IconArrowRight size={16} />
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
