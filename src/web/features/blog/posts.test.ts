import { describe, expect, it } from 'vitest';
import { blogPosts, findBlogPost } from './posts.ts';

describe('the blog posts in content/blog', () => {
  it('has at least two posts, newest first', () => {
    expect(blogPosts.length).toBeGreaterThanOrEqual(2);
    const dates = blogPosts.map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('gives every post a title, an ISO date, an author and a summary from its front matter', () => {
    for (const post of blogPosts) {
      expect(post.title).not.toBe(post.slug);
      expect(post.title).not.toMatch(/^["']/);
      expect(post.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(post.author).toBeTruthy();
      expect(post.summary.length).toBeGreaterThan(40);
    }
  });

  it('publishes finished articles, not drafts: three minutes of reading or more', () => {
    for (const post of blogPosts) expect(post.readingMinutes, post.slug).toBeGreaterThanOrEqual(3);
  });

  it('keeps the page to one h1: the post title, not a heading inside the Markdown', () => {
    for (const post of blogPosts) expect(post.html, post.slug).not.toContain('<h1');
  });

  it('finds a post by the slug of its file name, without the date', () => {
    const [first] = blogPosts;
    expect(first && findBlogPost(first.slug)).toBe(first);
    expect(findBlogPost('no-such-post')).toBeUndefined();
  });
});
