import { Avatar, Group, Text } from '@mantine/core';
import { formatPostDate } from '../post-metadata.ts';
import type { BlogPost } from '../posts.ts';

/** Author, publication date and reading time, as shown on a post card and at the top of a post. */
export function PostByline({ post, size = 'sm' }: { post: BlogPost; size?: 'sm' | 'md' }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar name={post.author} color="initials" size={size === 'md' ? 40 : 32} radius="xl" />
      <div>
        <Text size={size} fw={600} c="dark.7">
          {post.author}
        </Text>
        <Text size={size === 'md' ? 'sm' : 'xs'} c="dimmed">
          <time dateTime={post.date}>{formatPostDate(post.date)}</time> · {post.readingMinutes} min read
        </Text>
      </div>
    </Group>
  );
}
