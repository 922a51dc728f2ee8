import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { takeEarlyClicks } from './app/early-clicks.ts';
import { clearPrerenderedPage, pathToHydrate } from './app/prerendered-page.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter, PRERENDERED_PAGES } from './app/router.tsx';
import { reportClientError } from './lib/client-errors.ts';
import { readSessionToken } from './lib/session-token.ts';

// A script or stylesheet that does not arrive rejects the page's import; the route's error
// screen explains it and reports it once (src/web/app/route-error.tsx).
const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

/**
 * A page the build rendered (src/web/prerender.tsx) is on screen already: React takes it over once the
 * page's own chunk is here, so nothing on screen is drawn twice. If the chunk cannot be fetched, the app
 * renders afresh and the route's error screen says so.
 */
async function takeOverPrerenderedPage(root: HTMLElement): Promise<boolean> {
  const path = pathToHydrate(root, window.location.pathname, readSessionToken() !== null);
  const page = path === null ? undefined : PRERENDERED_PAGES[path];
  return page
    ? page.preload().then(
        () => true,
        () => false,
      )
    : false;
}

function start(root: HTMLElement, hydrates: boolean) {
  takeEarlyClicks(hydrates);
  if (!hydrates) {
    clearPrerenderedPage(root);
    createRoot(root).render(app);
    return;
  }
  // A mismatch makes React draw the page afresh: the visitor sees no difference, the server log says so.
  hydrateRoot(root, app, {
    onRecoverableError: (error) => {
      console.error(error);
      reportClientError(
        'render',
        `hydrating the page built for ${window.location.pathname}: ${String(error)}`,
      );
    },
  });
}

// Not a top-level await: the bundler would then split the entry's imports into some fifty more chunks.
void takeOverPrerenderedPage(root).then((hydrates) => start(root, hydrates));
