import { Anchor, Box, Button, Container, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router';
import { blogPosts, findBlogPost } from '../posts.ts';
import { PostArticleBody } from './post-article-body.tsx';
import { PostByline } from './post-byline.tsx';

export function BlogPostPage() {
  const { slug = '' } = useParams();
  const post = findBlogPost(slug);
  if (!post) return <Navigate to="/blog" replace />;
  const others = blogPosts.filter((candidate) => candidate.slug !== post.slug);
  return (
    <Container size={760} py={{ base: 40, md: 64 }}>
      <Anchor component={Link} to="/blog" size="sm" fw={500}>
        <Group gap={4} component="span">
          <IconArrowLeft size={14} /> All posts
        </Group>
      </Anchor>
      <Title order={1} mt="lg" fz={{ base: 32, md: 44 }} lh={1.15} c="dark.9" style={{ letterSpacing: -0.5 }}>
        {post.title}
      </Title>
      <Text size="xl" c="dark.4" mt="md" lh={1.55}>
        {post.summary}
      </Text>
      <Box mt="lg">
        <PostByline post={post} size="md" />
      </Box>
      <Divider my="xl" />
      <PostArticleBody html={post.html} />
      <Paper radius="lg" p="xl" mt={56} bg="blue.0">
        <Group justify="space-between" gap="lg">
          <Stack gap={4} maw={440}>
            <Text fw={700} size="lg" c="dark.8">
              Let Spendguard watch for this
            </Text>
            <Text c="dark.5" size="sm">
              Daily budgets, anomaly detection and idle-instance checks on your own AWS data, with alerts in
              Slack or e-mail.
            </Text>
          </Stack>
          <Button component={Link} to="/sign-up" size="md">
            Start free
          </Button>
        </Group>
      </Paper>
      {others.length > 0 && (
        <Stack gap="sm" mt={48} component="nav" aria-label="More posts">
          <Text fw={700} size="sm" tt="uppercase" c="dimmed">
            More from the blog
          </Text>
          {others.map((other) => (
            <Anchor key={other.slug} component={Link} to={`/blog/${other.slug}`} fw={600}>
              {other.title}
            </Anchor>
          ))}
        </Stack>
      )}
    </Container>
  );
}
