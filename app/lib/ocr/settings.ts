/**
 * The one OCR setting of the product (docs/decisions/017): the form filler's OCR in the browser
 * (app/components/form-filler/use-ocr.ts) and the server's photo analysis (app/lib/analysis/ocr.server.ts,
 * which hands it to its OCR process) read the same language data with the same engine build and the same
 * parameters, so one image reads the same on both. Pure and browser-safe.
 *
 * What differed before: the settings were written twice, and tesseract.js picks its engine build by
 * feature detection. Chromium has relaxed SIMD, so the browser ran the 'relaxedsimd-lstm' build while
 * Node 20 (no relaxed SIMD) ran 'simd-lstm'; relaxed SIMD may round differently, and the LSTM's output
 * with it. Both now run the non-relaxed build: the browser names the file, the OCR process turns relaxed
 * SIMD off before the engine loads.
 */

export const OCR_LANGUAGE = 'eng'
/** tesseract's OEM.LSTM_ONLY: the neural engine (the language data is the 'best_int' LSTM model). */
export const OCR_ENGINE_MODE = 1

/**
 * Engine parameters set on every worker. Page segmentation 6 (one uniform block of text): tesseract's
 * default through its API, which both sides ran before this was written down, so neither side drifts.
 * Automatic segmentation (3) read our forms no better and writes 'Estimating resolution' to the console
 * for every image without a DPI; 'sparse text' (11) splits 'Label: value' lines apart. No character
 * whitelist: labels need letters, stations their '+', and a whitelist makes tesseract force every mark
 * into an allowed character instead of reporting it with a low confidence.
 */
export const OCR_PARAMETERS = {
  tessedit_pageseg_mode: '6',
  tessedit_char_whitelist: '',
} as const

/** What the browser asks for besides the text: lines and words with their confidences (for review). */
export const OCR_OUTPUT = { text: true, blocks: true } as const

/** A value whose weakest word is read with less confidence than this (0-100) is flagged for review. */
export const LOW_WORD_CONFIDENCE = 80


/**
 * A WebAssembly module of one function returning a v128 (i32.const 0; i8x16.splat): it validates only
 * where fixed-width SIMD is supported. Written out by hand from the binary format.
 */
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version 1
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, // type section: () -> v128
  0x03, 0x02, 0x01, 0x00, // function section: one function of type 0
  0x0a, 0x08, 0x01, 0x06, 0x00, 0x41, 0x00, 0xfd, 0x0f, 0x0b, // code: i32.const 0, i8x16.splat, end
])

export function supportsWasmSimd(wasm: Pick<typeof WebAssembly, 'validate'> | null = globalThis.WebAssembly ?? null): boolean {
  try {
    return Boolean(wasm?.validate(SIMD_PROBE))
  } catch {
    return false
  }
}

/**
 * The engine build both sides use: SIMD where the platform has it (every current browser, Node 20), else
 * the plain build; never the relaxed-SIMD one. Named as tesseract.js-core names it ('simd-lstm').
 */
export function ocrCoreName(simd: boolean): 'simd-lstm' | 'lstm' {
  return simd ? 'simd-lstm' : 'lstm'
}

/** The browser's file of that build (under OCR_ASSETS.corePath). */
export function ocrCoreFile(simd: boolean): string {
  return `tesseract-core-${ocrCoreName(simd)}.wasm.js`
}

/** The setting as the OCR process receives it (JSON on its command line). */
export interface OcrProcessSettings {
  language: string
  engineMode: number
  parameters: Record<string, string>
}

export function ocrProcessSettings(): OcrProcessSettings {
  return { language: OCR_LANGUAGE, engineMode: OCR_ENGINE_MODE, parameters: { ...OCR_PARAMETERS } }
}
