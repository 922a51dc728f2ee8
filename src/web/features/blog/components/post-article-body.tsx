import { Typography } from '@mantine/core';
import classes from './post-article-body.module.css';

/** The rendered Markdown of a post, set for long reading: larger type, generous lines, tables that scroll. */
export function PostArticleBody({ html }: { html: string }) {
  return (
    <Typography fz={{ base: 17, sm: 18 }} lh={1.75} c="dark.7" className={classes.body}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is built from Markdown files in this repository, never from users */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
