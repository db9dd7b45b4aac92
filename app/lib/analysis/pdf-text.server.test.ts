import { describe, expect, it } from 'vitest'
import { makeSpecBookPdf } from '../../../ingest/pdf/fixtures'
import { textPdf } from '../../../tests/helpers/render-image'
import { PDF_MESSAGES, pdfText, PdfTextError } from './pdf-text.server'

async function failure(bytes: Uint8Array): Promise<PdfTextError> {
  const error = await pdfText(bytes).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(PdfTextError)
  return error as PdfTextError
}

describe('pdfText', () => {
  it('reads the text layer of a PDF', async () => {
    const result = await pdfText(await textPdf(['STA 12+50 BEGIN PROJECT', '24" RCP']))
    expect(result).toMatchObject({ pageCount: 1, pagesRead: 1, truncated: false })
    expect(result.text).toContain('STA 12+50 BEGIN PROJECT')
    expect(result.text).toContain('24" RCP')
  })

  it('says clearly when a PDF is password-protected, scanned or broken (422)', async () => {
    expect(await failure(await makeSpecBookPdf({ variant: 'encrypted' }))).toMatchObject({ status: 422, code: 'encrypted', message: PDF_MESSAGES.encrypted })
    expect(PDF_MESSAGES.encrypted).toMatch(/^This PDF is password-protected/)
    expect(await failure(await makeSpecBookPdf({ variant: 'text-less' }))).toMatchObject({ code: 'no-text' })
    expect(await failure(await makeSpecBookPdf({ variant: 'corrupt' }))).toMatchObject({ code: 'corrupt' })
    expect(await failure(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3000, 65)]))).toMatchObject({ code: 'corrupt' })
  })
})
