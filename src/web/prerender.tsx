import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { prerenderedDocument } from './app/prerendered-page.ts';
import { AppProviders } from './app/providers.tsx';
import { PRERENDERED_PAGES, routes } from './app/router.tsx';

export const PRERENDERED_PATHS = Object.keys(PRERENDERED_PAGES);

/**
 * The build's server entry (vite.config.ts): renders a page of PRERENDERED_PAGES as a visitor with no
 * session sees it first, into the built index.html. The tree is main.tsx's, with a static router in
 * place of the browser's, so the browser hydrates the same markup.
 */
export async function renderDocument(template: string, path: string): Promise<string> {
  const page = PRERENDERED_PAGES[path];
  if (!page) throw new Error(`${path} is not a prerendered page`);
  await page.preload();
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://spendguard.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} when rendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return prerenderedDocument(template, path, markup);
}
