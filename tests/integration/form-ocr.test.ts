import { chromium, type Browser } from '@playwright/test'
import { createRequire } from 'node:module'
import path from 'node:path'
import { createWorker, type Worker } from 'tesseract.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extractPlanDetails } from '~/lib/analysis/plan-details'
import { mapOcrReading } from '~/lib/forms/ocr-mapping'
import { findFormTemplate } from '~/lib/forms/templates'
import { readingOfPage } from '~/lib/ocr/reading'
import { OCR_ENGINE_MODE, OCR_LANGUAGE, OCR_OUTPUT, OCR_PARAMETERS } from '~/lib/ocr/settings'
import { MISREAD_STATION_FONT, MISREAD_STATION_LINES, renderPrintedForm } from '../e2e/form-filler-image'
import { chromiumLaunchOptions } from '../helpers/chromium'

/**
 * The form filler's OCR mapping on real OCR output: a filled printed form rendered by Chromium, read by
 * tesseract.js with the product's one OCR setting (the engine and parameters the browser and the server
 * both run), mapped to the fields of 400.04 and 300.02.
 */
const require = createRequire(import.meta.url)
let browser: Browser
let worker: Worker

beforeAll(async () => {
  browser = await chromium.launch(chromiumLaunchOptions)
  worker = await createWorker(OCR_LANGUAGE, OCR_ENGINE_MODE, {
    langPath: path.dirname(require.resolve('@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz')),
    corePath: path.dirname(require.resolve('tesseract.js-core/package.json')),
    workerPath: require.resolve('tesseract.js/src/worker-script/node/index.js'),
    gzip: true,
    // No copy of the language data in the working directory (tesseract.js caches there by default).
    cacheMethod: 'none',
    errorHandler: (error: unknown) => console.warn('OCR worker error', error),
  })
  await worker.setParameters({ ...OCR_PARAMETERS } as unknown as Parameters<Worker['setParameters']>[0])
})

afterAll(async () => {
  await worker?.terminate()
  await browser?.close()
})

async function readForm(lines?: string[]): Promise<string> {
  const png = await renderPrintedForm(browser, lines)
  return (await worker.recognize(png)).data.text
}

describe('OCR of a filled printed form', () => {
  it('maps every printed line of 400.04 to its field, label removed', async () => {
    const { data, mode } = mapOcrReading(findFormTemplate('400.04')!, { text: await readForm() })
    expect(mode).toBe('label')
    expect(data).toEqual({
      date: '2026-11-20',
      projectNumber: '12-345',
      contractor: 'ABC Paving Inc.',
      location: 'US 378 MP 4.2',
      mixType: 'Surface Type B',
      tonnage: '412.5',
      matTemperature: '285',
      weather: 'Sunny',
    })
  })

  it('reads a US date, units and lines in another order for 300.02', async () => {
    const text = await readForm([
      'Supplier: Carolina Ready Mix',
      'Date: 11/20/2026',
      'Slump (inches): 4',
      'Volume (CY): 25.5',
      'Pour Location: Bent 3 cap',
      'Air Content (%): 6.0',
    ])
    const { data } = mapOcrReading(findFormTemplate('300.02')!, { text: text })
    expect(data).toMatchObject({
      supplier: 'Carolina Ready Mix',
      date: '2026-11-20',
      slump: '4',
      volume: '25.5',
      pourLocation: 'Bent 3 cap',
      airContent: '6.0',
    })
  })

  it("flags the station it misreads on issue 15's printed form, and reads it as the server's photo analysis does", async () => {
    const png = await renderPrintedForm(browser, MISREAD_STATION_LINES, undefined, MISREAD_STATION_FONT)
    const page = (await worker.recognize(png, {}, OCR_OUTPUT)).data
    // The misread itself: the '+' read as a 4.
    expect(page.text).toContain('23450')
    const { data, review } = mapOcrReading(findFormTemplate('400.04')!, readingOfPage(page))
    expect(data.location).toBe('23+50')
    expect(Object.keys(review)).toEqual(['location'])
    expect(review.location!.reasons).toContain('plus-read-as-4')
    expect(review.location!.read).toBe('23450')
    // Everything else read cleanly, unflagged.
    expect(data).toMatchObject({ date: '2026-11-20', projectNumber: '12-345', tonnage: '412.5', matTemperature: '285' })
    // The server's plan details read the same station from the same text.
    expect(extractPlanDetails(page.text, { ocr: true }).stationNumbers).toEqual(['23+50'])
  })
})
