import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

// Remix 2 builds with this Vite plugin; remix.config.js belonged to the older compiler and is not used.
// Under Vitest the Remix plugin stays out (it hangs Vitest on exit and is not needed for unit tests).
export default defineConfig({
  plugins: [
    tailwindcss(),
    !process.env.VITEST &&
      remix({
        // BUILD_DIR lets parallel test runs keep separate builds (default: build/).
        buildDirectory: process.env.BUILD_DIR ?? 'build',
        ignoredRouteFiles: ['**/*.test.ts', '**/*.test.tsx', '**/.*'],
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
        },
      }),
    tsconfigPaths(),
  ],
  // The manifest lets scripts/bundle-size.mjs report what each route sends.
  build: { target: 'es2022', manifest: true },
  server: { port: Number(process.env.PORT ?? 3000) },
})
