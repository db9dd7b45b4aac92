// Worker thread for ./offload.ts: runs the CPU-bound ingest tasks of ./pdf-prepare.ts off the server's
// event loop. The TypeScript sources are loaded through tsx, which the ingest CLI needs anyway.
import { parentPort } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
const { inProcess } = await import('./pdf-prepare.ts')

parentPort.on('message', async ({ task, args }) => {
  try {
    const result = await inProcess[task](...args)
    parentPort.postMessage({ ok: true, result })
  } catch (error) {
    parentPort.postMessage({ ok: false, error: { name: error?.name, code: error?.code, message: error?.message ?? String(error) } })
  }
})
