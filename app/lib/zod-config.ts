import { config } from 'zod'

// zod 4 probes for eval support with `new Function('')` when an object schema is made, which the page's
// Content-Security-Policy refuses (a CSP issue on every page). jitless skips the probe. This module is
// the root route's first import, so it runs before any route module makes a schema.
config({ jitless: true })
