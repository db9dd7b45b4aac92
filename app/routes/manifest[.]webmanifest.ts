import { webAppManifest } from '~/lib/pwa/manifest'

/** GET /manifest.webmanifest: the installable app's manifest (same for everyone, cached for a day). */
export function loader() {
  return new Response(JSON.stringify(webAppManifest()), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  })
}
