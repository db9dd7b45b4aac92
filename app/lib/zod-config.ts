import { config } from 'zod/v4/core'

// zod 4 probes for eval support with `new Function('')` when an object schema is made, which the page's
// Content-Security-Policy refuses (a CSP issue on every page). jitless skips the probe. This module is
// the root route's first import, so it runs before any route module makes a schema. The setting lives
// in zod's core, shared by `zod` and `zod/mini`; importing it from there keeps the rest of zod out of
// the root route's bundle (docs/decisions/020).
config({ jitless: true })
