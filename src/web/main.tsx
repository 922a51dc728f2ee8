import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { reportClientError } from './lib/client-errors.ts';

// Spec §8: a failed script or stylesheet preload is reported; the route's error screen explains it.
window.addEventListener('vite:preloadError', (event) => {
  const message = (event as Event & { payload?: Error }).payload?.message ?? 'preload failed';
  reportClientError(message.includes('.css') ? 'css-chunk-load' : 'chunk-load', message);
});

const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
