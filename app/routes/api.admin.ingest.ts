/**
 * POST /api/admin/ingest: the ingest CLI hands a file to this running server (the embedded database
 * can only be opened by one process). Authorised by the hand-off token (DATA_DIR/ingest-handoff.json) or
 * a signed-in administrator. The body is the raw file: a PDF (checked by its %PDF- header) or a corpus
 * Markdown file (UTF-8, `?corpusPath=specs/2007/x.md`); `?corpus=1` with no body re-reads the server's
 * corpus folder. Answers 202 with a status URL; the ingest runs in the background.
 */
import path from 'node:path'
import type { ActionFunctionArgs } from '@remix-run/node'
import { appRoot, getDatabase } from '@db/client'
import { requireAdmin } from '~/lib/auth/auth.server'
import { assertSameOrigin, jsonError, readBodyCapped } from '~/lib/http.server'
import { isHandoffAuthorization } from '../../ingest/handoff'
import {
  corpusFileFromText,
  describeCorpusSummary,
  describePdfResult,
  ingestCorpus,
  ingestMarkdownFiles,
  ingestPdf,
} from '../../ingest/index'
import { startJob } from '../../ingest/jobs'

const MAX_UPLOAD_BYTES = 200 * 1024 * 1024

async function authorizeIngest(request: Request): Promise<void> {
  if (isHandoffAuthorization(request.headers.get('authorization'))) return
  if (request.headers.get('authorization')) throw jsonError(401, 'The ingest token is not valid for this server: run the CLI again.')
  await requireAdmin(request)
}

const TOO_LARGE = `The file is too large: the limit is ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`

function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 1024)).toString('latin1').includes('%PDF-')
}

function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

const CORPUS_PATH = /^(?!.*\.\.)[a-z0-9][a-z0-9._/-]*\.md$/i

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  if (request.method !== 'POST') throw jsonError(405, 'Use POST to send a file to ingest.')
  await authorizeIngest(request)
  const params = new URL(request.url).searchParams
  const handle = await getDatabase()
  const corpusDir = process.env.CORPUS_DIR ?? path.join(appRoot(), 'corpus')
  const statusUrl = (id: string) => `/api/admin/ingest/${id}`

  if (params.get('corpus') === '1') {
    const job = await startJob(handle, 'corpus', async (onProgress) => {
      const summary = await ingestCorpus(handle, corpusDir, { onProgress, offload: true })
      return { ok: summary.errors.length === 0, message: describeCorpusSummary(summary), result: summary }
    })
    return Response.json({ id: job.id, status: job.status, statusUrl: statusUrl(job.id) }, { status: 202 })
  }

  const fileName = (params.get('fileName') ?? '').trim().slice(0, 255) || 'upload'
  const bytes = await readBodyCapped(request, MAX_UPLOAD_BYTES, TOO_LARGE)
  if (bytes.length === 0) throw jsonError(400, 'The request has no file: send the PDF or Markdown file as the body.')

  if (isPdf(bytes)) {
    const meta = {
      document: params.get('document')?.trim() || undefined,
      edition: params.get('edition')?.trim() || undefined,
      url: params.get('url')?.trim() || undefined,
      fileName,
    }
    if (meta.url && !/^https?:\/\//.test(meta.url)) throw jsonError(400, 'The url must start with http:// or https://.')
    const job = await startJob(handle, fileName, async (onProgress) => {
      const result = await ingestPdf(handle, bytes, meta, { onProgress, offload: true })
      return { ok: true, message: describePdfResult(result), result: { ...result, warnings: result.warnings.slice(0, 50) } }
    })
    return Response.json({ id: job.id, status: job.status, statusUrl: statusUrl(job.id) }, { status: 202 })
  }

  const text = utf8(bytes)
  if (text === null || text.includes('\u0000')) {
    throw jsonError(415, 'The file is neither a PDF (no %PDF- header) nor UTF-8 Markdown.')
  }
  const corpusPath = (params.get('corpusPath') ?? '').trim()
  if (!CORPUS_PATH.test(corpusPath)) {
    throw jsonError(400, 'A Markdown file needs corpusPath: its path under the corpus folder, such as specs/2007/section-401.md.')
  }
  const file = corpusFileFromText(corpusPath, text)
  const job = await startJob(handle, corpusPath, async (onProgress) => {
    const summary = await ingestMarkdownFiles(handle, [file], { onProgress, offload: true })
    const error = summary.errors[0]
    return { ok: !error, message: error ? error.message : describeCorpusSummary(summary), result: summary }
  })
  return Response.json({ id: job.id, status: job.status, statusUrl: statusUrl(job.id) }, { status: 202 })
}
