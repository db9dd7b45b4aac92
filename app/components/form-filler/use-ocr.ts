import { useCallback, useEffect, useRef } from 'react'
import { OCR_ASSETS } from '~/lib/ocr/assets'

interface OcrWorker {
  recognize(image: Blob): Promise<{ data: { text: string } }>
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
 * Browser OCR with tesseract.js (English). The library is imported only when a photo is first read, so
 * it weighs on no other page; its worker, core and language data come from our own origin
 * (OCR_ASSETS). One worker is kept while photo mode is open and ended when it closes.
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

  return useCallback(async (image: Blob): Promise<string> => {
    await assertDecodable(image)
    if (!workerRef.current) {
      const starting = import('tesseract.js').then(({ createWorker }) =>
        createWorker('eng', 1, {
          workerPath: OCR_ASSETS.workerPath,
          corePath: OCR_ASSETS.corePath,
          langPath: OCR_ASSETS.langPath,
          workerBlobURL: false,
          gzip: true,
          // Without a handler a failed job (a corrupt image) is also thrown from the worker's message
          // listener; the rejected promise below is what we act on.
          errorHandler: (error: unknown) => console.warn('OCR worker error', error),
        }),
      )
      workerRef.current = starting
      starting.catch(() => {
        if (workerRef.current === starting) workerRef.current = null
      })
    }
    const starting = workerRef.current
    const worker = await starting
    try {
      const { data } = await worker.recognize(image)
      return data.text
    } catch (error) {
      // A worker that failed on a bad image is not trusted with the next one: the next scan starts afresh.
      if (workerRef.current === starting) workerRef.current = null
      void worker.terminate().catch(() => undefined)
      throw error
    }
  }, [])
}
