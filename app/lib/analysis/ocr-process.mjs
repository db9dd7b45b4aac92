// The OCR process (started by ocr.server.ts with child_process.fork, never imported by the app): tesseract.js
// with its English data from node_modules, reading one image at a time for the server over the IPC channel.
//
// It runs apart from the server so that decoding an image cannot take the server's memory: the server
// starts it with --wasm-max-mem-pages, which caps every WebAssembly heap of this process (tesseract's
// leptonica decodes the image inside one), and --max-old-space-size. A decode past the cap fails its
// allocation and tesseract reports an unreadable image; anything worse ends this process, not the server.
//
// The engine's settings come from the server as JSON in argv[2] (app/lib/ocr/settings.ts: the same language,
// engine mode and parameters as the form filler's OCR in the browser). Relaxed SIMD is turned off before
// the engine loads, so tesseract.js picks the same build as the browser does (decision 017).
//
// Messages in:  { type: 'recognize', id, bytes }
// Messages out: { type: 'ready', core, rss } once (core: the engine build in use), then per job
//               { type: 'result', id, text, confidence, durationMs, rss } or { type: 'error', id, message, rss }.
//               rss is this process's resident memory afterwards, which the server uses to replace a
//               process that has grown.
import { createRequire } from 'node:module'
import path from 'node:path'
import v8 from 'node:v8'

const require = createRequire(import.meta.url)
const settings = JSON.parse(process.argv[2] ?? 'null')
if (!settings || typeof settings.language !== 'string') throw new Error('ocr-process.mjs needs its settings as JSON in argv[2]')

// The feature test tesseract.js itself runs to choose its engine build (its own dependency).
const features = createRequire(require.resolve('tesseract.js'))('wasm-feature-detect')
if (await features.relaxedSimd()) v8.setFlagsFromString('--no-experimental-wasm-relaxed-simd')
const core = (await features.relaxedSimd()) ? 'relaxedsimd-lstm' : (await features.simd()) ? 'simd-lstm' : 'lstm'

const { createWorker } = require('tesseract.js')

const send = (message) => {
  if (process.connected) process.send(message)
}
const rss = () => process.memoryUsage().rss

// The server going away closes the channel: nothing is left to do.
process.on('disconnect', () => process.exit(0))

const worker = await createWorker(settings.language, settings.engineMode, {
  langPath: path.dirname(require.resolve('@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz')),
  corePath: path.dirname(require.resolve('tesseract.js-core/package.json')),
  workerPath: require.resolve('tesseract.js/src/worker-script/node/index.js'),
  gzip: true,
  // The language data is read from node_modules; never write a cached copy into the working directory.
  cacheMethod: 'none',
  // TRAP: without an errorHandler a corrupt image throws an uncaught error in tesseract's worker that
  // ends the process. The failure reaches the job through its rejected promise instead.
  errorHandler: () => {},
})
await worker.setParameters(settings.parameters)

process.on('message', async (message) => {
  if (message?.type !== 'recognize') return
  const started = performance.now()
  try {
    const bytes = Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength)
    const { data } = await worker.recognize(bytes)
    send({ type: 'result', id: message.id, text: data.text ?? '', confidence: data.confidence, durationMs: performance.now() - started, rss: rss() })
  } catch (error) {
    send({ type: 'error', id: message.id, message: error instanceof Error ? error.message : String(error), rss: rss() })
  }
})

send({ type: 'ready', core, rss: rss() })
