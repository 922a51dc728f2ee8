import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: keep the database-backed files from starving each other.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          isolate: false,
          include: [
            'src/domain/**/*.test.ts',
            'src/contracts/**/*.test.ts',
            'src/catalog/**/*.test.ts',
            'src/web/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'components',
          // Screens rendered in a DOM stand-in, with Mantine and TanStack Query around them.
          environment: 'happy-dom',
          include: ['src/web/**/*.test.tsx'],
          setupFiles: ['src/web/testing/component-setup.ts'],
          // A screen's test waits for what the person waits for; the timeout only bounds a hang, and a
          // shared 2-core machine under load renders a dialog's round trips in more than 5 s.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          // Each worker imports the app once for all its files instead of once per file: the suite ran in
          // 4.3 min instead of 7.5 (decision 063). Every file still builds its own app on its own database.
          isolate: false,
          include: ['src/server/**/*.test.ts', 'src/aws-sim/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
