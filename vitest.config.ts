import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import tsconfigPaths from 'vite-tsconfig-paths'
import { LongestFirstSequencer } from './tests/integration/sequencer'

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // The order of files is the run's (not a project's) setting: the long integration files start first.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'config/**/*.test.ts', 'db/**/*.test.ts', 'ingest/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // Every core (Vitest's default leaves one free): in `npm test` typecheck and lint run beside this
          // step and end first, and on CI's two cores one file at a time left a core idle from then on.
          maxWorkers: availableParallelism(),
          // The unit tests check results, not speed (benchmarks measure speed): a few do real numeric work or
          // start a PGlite, and on a slow, shared two-core machine Vitest's 5 s and 10 s defaults failed them
          // while typecheck and lint ran beside them (LSA's randomized SVD took 10.7 s, a PGlite start over 10 s).
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          environment: 'node',
          // Guards against a hang, not speed checks (benchmarks measure speed): on a loaded two-core CI machine
          // the tests that spawn CLIs and ingest the corpus have taken over two minutes.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // Two files at a time: a file spends much of its time waiting on its servers and their timers,
          // and CI has two cores (docs/decisions/013). Each test file has its own databases and ports.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
})
