import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Mantine reads the color scheme and breakpoints through matchMedia, which happy-dom leaves out.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// Without vitest's globals, Testing Library cannot register its own clean-up between tests.
afterEach(cleanup);
