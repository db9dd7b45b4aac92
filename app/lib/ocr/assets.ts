/**
 * Where the browser loads tesseract.js from: our own origin (server.mjs serves these folders from
 * node_modules). The versions are part of the paths so the files can be cached for a year; a test checks
 * they match the installed packages.
 */
export const OCR_ASSETS = {
  workerPath: '/ocr/tesseract-7.0.0/worker.min.js',
  corePath: '/ocr/core-7.0.0',
  langPath: '/ocr/eng-4.0.0_best_int',
} as const
