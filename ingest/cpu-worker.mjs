// The development server's ingest worker thread (./offload.ts): ./cpu-thread.ts through tsx. The production
// server starts the built copy instead (<build>/cli/cpu-worker.mjs, scripts/build-cli.mjs).
import { register } from 'tsx/esm/api'

register()
await import('./cpu-thread.ts')
