/** One word as the OCR engine read it, with its confidence (0-100). */
export interface OcrWord {
  text: string
  confidence: number
}

/** One line of a reading: its text, and its words with their confidences when the engine gave them. */
export interface OcrLine {
  text: string
  words: readonly OcrWord[]
}

/** What the OCR read: the text, and (from the browser's engine) its lines and words with confidences. */
export interface OcrReading {
  text: string
  lines?: readonly OcrLine[]
}

/** The parts of tesseract.js's recognised page that the product reads (with OCR_OUTPUT's blocks on). */
export interface TesseractPage {
  text: string
  blocks?: Array<{ paragraphs: Array<{ lines: Array<{ text: string; words: Array<{ text: string; confidence: number }> }> }> }> | null
}

/** A reading from tesseract's page: the text, and its lines with each word's confidence. Pure. */
export function readingOfPage(page: TesseractPage): OcrReading {
  const lines: OcrLine[] = (page.blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.map((line) => ({ text: line.text, words: line.words.map((word) => ({ text: word.text, confidence: word.confidence })) })),
    ),
  )
  return { text: page.text, lines }
}
