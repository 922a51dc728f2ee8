import { marked } from 'marked';
import { readingMinutes } from './post-metadata.ts';

/** A post of the blog, written as Markdown in content/blog with a small front matter block. */
export interface BlogPost {
  slug: string;
  title: string;
  date: string;
  author: string;
  summary: string;
  readingMinutes: number;
  html: string;
}

const sources = import.meta.glob('../../../../content/blog/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** YAML lets a value be quoted when it holds a colon; the quotes are not part of it. */
const unquote = (value: string) => value.replace(/^(["'])(.*)\1$/, '$2');

function parseFrontMatter(source: string): { fields: Record<string, string>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(source);
  if (!match) return { fields: {}, body: source };
  const fields: Record<string, string> = {};
  for (const line of (match[1] ?? '').split('\n')) {
    const separator = line.indexOf(':');
    if (separator > 0) fields[line.slice(0, separator).trim()] = unquote(line.slice(separator + 1).trim());
  }
  return { fields, body: match[2] ?? '' };
}

function toPost(filePath: string, source: string): BlogPost {
  const fileName = filePath.split('/').pop()?.replace(/\.md$/, '') ?? '';
  const slug = fileName.replace(/^\d{4}-\d{2}-\d{2}-/, '');
  const { fields, body } = parseFrontMatter(source);
  return {
    slug,
    title: fields.title ?? slug,
    date: fields.date ?? '',
    author: fields.author ?? 'The Spendguard team',
    summary: fields.summary ?? '',
    readingMinutes: readingMinutes(body),
    html: marked.parse(body, { async: false }),
  };
}

export const blogPosts: BlogPost[] = Object.entries(sources)
  .map(([filePath, source]) => toPost(filePath, source))
  .sort((a, b) => b.date.localeCompare(a.date));

export const findBlogPost = (slug: string) => blogPosts.find((post) => post.slug === slug);
