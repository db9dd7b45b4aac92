import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { config as zodConfig } from 'zod'

// zod 4 probes for eval support with `new Function('')` the first time it parses an object, which the
// page's Content-Security-Policy refuses (a CSP report on every page). jitless skips the probe.
zodConfig({ jitless: true })

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  )
})
