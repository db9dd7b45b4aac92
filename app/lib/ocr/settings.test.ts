import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { OCR_ENGINE_MODE, OCR_PARAMETERS, ocrCoreFile, ocrCoreName, ocrProcessSettings, supportsWasmSimd } from './settings'

const require = createRequire(import.meta.url)

describe('the one OCR setting', () => {
  it('names engine builds that tesseract.js-core ships, never the relaxed-SIMD one', () => {
    const folder = path.dirname(require.resolve('tesseract.js-core/package.json'))
    for (const simd of [true, false]) {
      expect(fs.existsSync(path.join(folder, ocrCoreFile(simd))), ocrCoreFile(simd)).toBe(true)
      expect(ocrCoreName(simd)).not.toMatch(/relaxed/)
    }
    expect(ocrCoreFile(true)).toBe('tesseract-core-simd-lstm.wasm.js')
  })

  it('detects WebAssembly SIMD with its own probe (Node 20 has it), and says no without WebAssembly', () => {
    expect(supportsWasmSimd()).toBe(true)
    expect(supportsWasmSimd(null)).toBe(false)
    expect(supportsWasmSimd({ validate: () => false })).toBe(false)
  })

  it('hands the OCR process the same engine mode and parameters as the browser', () => {
    expect(ocrProcessSettings()).toEqual({ language: 'eng', engineMode: OCR_ENGINE_MODE, parameters: { ...OCR_PARAMETERS } })
    expect(OCR_PARAMETERS.tessedit_pageseg_mode).toBe('6')
  })
})
