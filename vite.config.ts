import { remixPWA } from '@remix-pwa/dev'
import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import { precacheListPlugin, swBuildVariables } from './scripts/sw-precache-plugin.mjs'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

const buildDirectory = process.env.BUILD_DIR ?? 'build'

// Remix 2 builds with this Vite plugin; remix.config.js belonged to the older compiler and is not used.
// Under Vitest the Remix and PWA plugins stay out (they hang Vitest on exit and are not needed for tests).
// The PWA plugin builds app/entry.worker.ts into <build>/client/entry.worker.js during the server build;
// the precache plugin records, during the client build, which hashed files the app shell needs, and the
// worker build receives that list as a build variable (see scripts/sw-precache-plugin.mjs).
export default defineConfig({
  plugins: [
    tailwindcss(),
    !process.env.VITEST &&
      remix({
        // BUILD_DIR lets parallel test runs keep separate builds (default: build/).
        buildDirectory,
        ignoredRouteFiles: ['**/*.test.ts', '**/*.test.tsx', '**/.*'],
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
        },
      }),
    !process.env.VITEST && precacheListPlugin(buildDirectory),
    !process.env.VITEST &&
      remixPWA({
        // Registration is ours (app/lib/pwa/register.ts): production only, after load.
        registerSW: null,
        // Given explicitly: the plugin's default ignores BUILD_DIR and always writes to build/client.
        workerBuildDirectory: `${buildDirectory}/client`,
        workerMinify: true,
        buildVariables: swBuildVariables(buildDirectory),
      }),
    tsconfigPaths(),
  ],
  // The manifest lets scripts/bundle-size.mjs report what each route sends.
  build: { target: 'es2022', manifest: true },
  server: { port: Number(process.env.PORT ?? 3000) },
})
