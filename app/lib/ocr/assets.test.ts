import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { OCR_ASSETS } from './assets'

const require = createRequire(import.meta.url)
const versionOf = (name: string) => (require(`${name}/package.json`) as { version: string }).version

describe('OCR asset paths', () => {
  it('name the installed tesseract.js and core versions, so a package upgrade cannot serve stale cached files', () => {
    expect(OCR_ASSETS.workerPath).toBe(`/ocr/tesseract-${versionOf('tesseract.js')}/worker.min.js`)
    expect(OCR_ASSETS.corePath).toBe(`/ocr/core-${versionOf('tesseract.js-core')}`)
  })

  it('point at the English data folder that the package ships', () => {
    const folder = OCR_ASSETS.langPath.replace('/ocr/eng-', '')
    expect(() => require.resolve(`@tesseract.js-data/eng/${folder}/eng.traineddata.gz`)).not.toThrow()
  })
})
