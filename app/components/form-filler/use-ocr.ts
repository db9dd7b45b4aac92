import { useCallback, useEffect, useRef } from 'react'
import { OCR_ASSETS } from '~/lib/ocr/assets'
import { readingOfPage, type OcrReading, type TesseractPage } from '~/lib/ocr/reading'
import { OCR_ENGINE_MODE, OCR_LANGUAGE, OCR_OUTPUT, OCR_PARAMETERS, ocrCoreFile, supportsWasmSimd } from '~/lib/ocr/settings'

interface OcrWorker {
  setParameters(parameters: Record<string, string>): Promise<unknown>
  recognize(image: Blob, options: Record<string, never>, output: typeof OCR_OUTPUT): Promise<{ data: TesseractPage }>
  terminate(): Promise<unknown>
}

/**
 * The browser decodes the file first: a file that is not a readable image fails here, at once and
 * quietly, instead of inside the OCR engine (which logs its own errors and may be left unusable).
 */
async function assertDecodable(image: Blob) {
  if (typeof createImageBitmap !== 'function') return
  const bitmap = await createImageBitmap(image)
  bitmap.close()
}

/**
 * Browser OCR with tesseract.js, with the product's one OCR setting (app/lib/ocr/settings.ts: the same
 * language, engine build and parameters as the server's photo analysis). The library is imported only
 * when a photo is first read, so it weighs on no other page; its worker, core and language data come from
 * our own origin (OCR_ASSETS). One worker is kept while photo mode is open and ended when it closes. The
 * reading carries each line's words with their confidences, so the form can flag what may be misread.
 */
export function useOcr() {
  const workerRef = useRef<Promise<OcrWorker> | null>(null)

  useEffect(
    () => () => {
      const worker = workerRef.current
      workerRef.current = null
      void worker?.then((w) => w.terminate()).catch(() => undefined)
    },
    [],
  )

  return useCallback(async (image: Blob): Promise<OcrReading> => {
    await assertDecodable(image)
    if (!workerRef.current) {
      const starting = import('tesseract.js').then(async ({ createWorker }) => {
        const worker = (await createWorker(OCR_LANGUAGE, OCR_ENGINE_MODE, {
          workerPath: OCR_ASSETS.workerPath,
          // The engine build named, not chosen by tesseract.js (which would take the relaxed-SIMD build in
          // Chromium, unlike the server's): decision 017.
          corePath: `${OCR_ASSETS.corePath}/${ocrCoreFile(supportsWasmSimd())}`,
          langPath: OCR_ASSETS.langPath,
          workerBlobURL: false,
          gzip: true,
          // Without a handler a failed job (a corrupt image) is also thrown from the worker's message
          // listener; the rejected promise below is what we act on.
          errorHandler: (error: unknown) => console.warn('OCR worker error', error),
        })) as unknown as OcrWorker
        await worker.setParameters({ ...OCR_PARAMETERS })
        return worker
      })
      workerRef.current = starting
      starting.catch(() => {
        if (workerRef.current === starting) workerRef.current = null
      })
    }
    const starting = workerRef.current
    const worker = await starting
    try {
      const { data } = await worker.recognize(image, {}, OCR_OUTPUT)
      return readingOfPage(data)
    } catch (error) {
      // A worker that failed on a bad image is not trusted with the next one: the next scan starts afresh.
      if (workerRef.current === starting) workerRef.current = null
      void worker.terminate().catch(() => undefined)
      throw error
    }
  }, [])
}
