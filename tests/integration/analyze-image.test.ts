/**
 * POST /api/analyze-image over HTTP against the built server (BUILD_DIR), on every database: OCR of a
 * rendered plan sheet, a text PDF, the diagnosis of a described defect, every rejection of §5 and issue 6
 * (each a 4xx with a message, nothing counted or saved, the server still up), the guest quota, and the
 * vision model path with the local OpenAI-compatible test server (findings marked 'model'; a broken model
 * gives a notice, not a failure).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeSpecBookPdf } from '../../ingest/pdf/fixtures'
import { startOpenAiTestServer, type OpenAiTestServer } from '../helpers/openai-server'
import { jpegWithJunkBeforeSof, jpegWithSize, pngWithSize } from '../helpers/hostile-images'
import { processTreeMemory } from '../helpers/process-memory'
import { NO_TEXT_PHOTO_HTML, openRenderer, planSheetHtml, textPdf } from '../helpers/render-image'
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './databases'
import { cookieOf, searchCountOf, startServer, type RunningServer } from './server'

const MAX = 10 * 1024 * 1024

interface Images {
  planPng: Buffer
  planJpeg: Buffer
  blankJpeg: Buffer
  pdf: Buffer
  encryptedPdf: Buffer
  /** 7680 x 5120 (39.3 MP), just under the 40 MP limit. */
  largeJpeg: Buffer
}

let images: Images
let rendered: Promise<Images>

async function renderImages(): Promise<Images> {
  const renderer = await openRenderer()
  try {
    return {
      planPng: await renderer.render(planSheetHtml()),
      planJpeg: await renderer.render(planSheetHtml(), { type: 'jpeg', quality: 85 }),
      blankJpeg: await renderer.render(NO_TEXT_PHOTO_HTML, { type: 'jpeg' }),
      pdf: await textPdf(),
      encryptedPdf: Buffer.from(await makeSpecBookPdf({ variant: 'encrypted' })),
      largeJpeg: await renderer.render(planSheetHtml(), { type: 'jpeg', width: 1152, height: 768, scale: 20 / 3, quality: 85 }),
    }
  } finally {
    await renderer.close()
  }
}

// Chromium renders the images while the first suite's server starts (mostly a wait on its database): each
// suite's beforeAll awaits them once its server is up, and a rendering error fails it there.
beforeAll(() => {
  rendered = renderImages()
  rendered.catch(() => {})
})

interface FilePart {
  bytes: Buffer
  name: string
  type?: string
}

interface Result {
  answer: string
  query: string
  confidence: string
  isDiagnostic: boolean
  diagnosticResult: { issueType: string; primaryIssue: string; detectedProblems: Array<{ problem: string; origin?: string }> } | null
  fileName: string | null
  searchEngine: string
  searchId?: string
  sources: unknown[]
  exactCitations: Array<{ reference: string }>
  imageAnalysis: {
    identifiedFeatures: Array<{ feature: string; specifications: string; confidence: number; origin?: string }>
    planDetails: { stationNumbers: string[]; annotations: string[]; elements: string[] }
    relevantSpecs: string[]
    recommendations: string[]
    extractedText?: string
    textSource?: string
    notices?: string[]
    visionModel?: string | null
  }
}

function client(server: () => RunningServer) {
  const analyse = (cookie: string, fields: Record<string, string>, files: FilePart[] = [], fileField = 'image') => {
    const form = new FormData()
    for (const file of files) form.append(fileField, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name)
    for (const [key, value] of Object.entries(fields)) form.append(key, value)
    return fetch(`${server().url}/api/analyze-image`, { method: 'POST', headers: { Origin: server().url, ...(cookie ? { cookie } : {}) }, body: form })
  }
  const json = { 'Content-Type': 'application/json' }
  const signUp = async (email: string) => {
    const response = await fetch(`${server().url}/api/auth/signup`, {
      method: 'POST',
      headers: { ...json, Origin: server().url },
      body: JSON.stringify({ firstName: 'Ana', lastName: 'Lyst', email, password: 'secret-123' }),
    })
    expect(response.status).toBe(200)
    return cookieOf(response)
  }
  const guest = async () => cookieOf(await fetch(`${server().url}/api/auth/guest`, { method: 'POST', headers: { ...json, Origin: server().url } }))
  const searchCount = (cookie: string) => searchCountOf(server(), cookie)
  return { analyse, signUp, guest, searchCount }
}

/** startServer gives up waiting after 60 s; on a loaded machine the first start (corpus ingest) can take longer. */
async function started(env: Record<string, string>): Promise<RunningServer> {
  const server = await startServer(env)
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    const up = await fetch(`${server.url}/healthz`).then((r) => r.ok, () => false)
    if (up) return server
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`the server did not start:\n${server.output()}`)
}

const message = async (response: Response) => ((await response.json()) as { message: string }).message

describe.each(DATABASE_KINDS)('POST /api/analyze-image on %s', (kind) => {
  let database: TestDatabase
  let server: RunningServer
  const api = client(() => server)
  let member = ''

  beforeAll(async () => {
    database = await createTestDatabase(kind, { corpus: true })
    server = await started({ ...database.env, VISION_MODEL: '', LLM_MODEL: '', OCR_TIMEOUT_MS: '60000' })
    member = await api.signUp(`analyst-${kind}@example.test`)
    images = await rendered
  }, 300_000)
  afterAll(async () => {
    await server?.stop()
    await database?.cleanup()
  })

  it('reads a rendered plan sheet by OCR: stations, pipe, structures, features with citations, counted and recorded', async () => {
    const before = await api.searchCount(member)
    const response = await api.analyse(member, { analysisType: 'features', specBook: 'both', userRole: 'inspector' }, [
      { bytes: images.planPng, name: 'plan-sheet.png', type: 'image/png' },
    ])
    expect(response.status, server.output()).toBe(200)
    const result = (await response.json()) as Result
    const { planDetails, identifiedFeatures } = result.imageAnalysis
    expect(planDetails.stationNumbers).toEqual(expect.arrayContaining(['12+50', '15+00', '18+00']))
    expect(planDetails.elements).toEqual(expect.arrayContaining(['24" RCP', 'Catch basin type 1', 'Silt fence', 'Guardrail']))
    expect(planDetails.annotations).toEqual(expect.arrayContaining(['MATCH LINE STA 18+00', 'NOTE: INSTALL SILT FENCE ALONG RIGHT OF WAY']))
    expect(result.imageAnalysis.textSource).toBe('ocr')
    expect(result.imageAnalysis.extractedText).toContain('BEGIN PROJECT')
    expect(result.imageAnalysis.visionModel).toBeNull()
    expect(result.imageAnalysis.notices).toEqual(expect.arrayContaining([expect.stringMatching(/^Visual defect detection needs a vision model/)]))
    const pipe = identifiedFeatures.find((f) => f.feature === '24" RCP')!
    expect(pipe).toMatchObject({ origin: 'text', specifications: expect.stringContaining('SC-M-714') })
    expect(pipe.confidence).toBeGreaterThan(0.6)
    expect(pipe.confidence).toBeLessThanOrEqual(1)
    expect(identifiedFeatures.every((f) => f.origin === 'text' && f.confidence >= 0 && f.confidence <= 1)).toBe(true)
    expect(result.exactCitations.length).toBeGreaterThan(0)
    expect(result.searchEngine).toMatch(/^OCR \(tesseract\.js\)/)
    expect(result).toMatchObject({ fileName: 'plan-sheet.png', query: 'Photo: plan-sheet.png', isDiagnostic: false, diagnosticResult: null })
    expect(result.searchId).toBeTruthy()
    expect(await api.searchCount(member)).toBe(before + 1)
    const history = await fetch(`${server.url}/history/${result.searchId}`, { headers: { cookie: member } })
    expect(history.status).toBe(200)
    const page = await history.text()
    expect(page).toContain('Photo: plan-sheet.png')
    // The stored analysis is shown again in history, not only the answer text.
    expect(page).toContain('Image Analysis Results')
    expect(page).toContain('12+50')
  })

  it('reads a JPEG with a question: the question is answered with the plan details', async () => {
    const response = await api.analyse(member, { analysisType: 'general', query: 'What pipe material is used here?' }, [
      { bytes: images.planJpeg, name: 'sheet.jpg', type: 'image/jpeg' },
    ])
    expect(response.status).toBe(200)
    const result = (await response.json()) as Result
    expect(result.imageAnalysis.planDetails.elements).toContain('24" RCP')
    expect(result.imageAnalysis.planDetails.stationNumbers).toEqual(expect.arrayContaining(['12+50', '15+00']))
    expect(result.query).toBe('What pipe material is used here?')
    expect(result.answer).toContain('Your question: What pipe material is used here?')
    expect(result.sources.length).toBeGreaterThan(0)
  })

  it('reads the text of a PDF', async () => {
    const response = await api.analyse(member, { analysisType: 'general' }, [{ bytes: images.pdf, name: 'plan.pdf', type: 'application/pdf' }])
    expect(response.status).toBe(200)
    const result = (await response.json()) as Result
    expect(result.imageAnalysis.textSource).toBe('pdf-text')
    expect(result.imageAnalysis.planDetails.stationNumbers).toEqual(['12+50', '15+00', '18+00', '16+00', '17+25'])
    expect(result.imageAnalysis.planDetails.elements).toEqual(['24" RCP', 'Catch basin type 1', 'Silt fence', 'Guardrail'])
    expect(result.imageAnalysis.notices).toEqual([])
    expect(result.searchEngine).toMatch(/^PDF text extraction/)
    expect(result.query).toBe('Document: plan.pdf')
  })

  it('diagnoses a described defect with the defect guide', async () => {
    const response = await api.analyse(member, { analysisType: 'diagnostic', query: 'alligator cracking in the wheel path' })
    expect(response.status).toBe(200)
    const result = (await response.json()) as Result
    expect(result.isDiagnostic).toBe(true)
    expect(result.diagnosticResult?.issueType).toMatch(/alligator/)
    expect(result.fileName).toBeNull()
    expect(result.answer).toMatch(/^Likely issue: /)
    expect(result.searchEngine).toContain('defect guide (the product’s own')
  })

  it('adds a clear defect match to a General Analysis, but What is this? only identifies', async () => {
    const general = (await (await api.analyse(member, { analysisType: 'general', query: 'alligator cracking in the wheel path' })).json()) as Result
    expect(general.isDiagnostic).toBe(false)
    expect(general.diagnosticResult?.issueType).toMatch(/alligator/)
    const features = (await (await api.analyse(member, { analysisType: 'features', query: 'alligator cracking in the wheel path' })).json()) as Result
    expect(features.diagnosticResult).toBeNull()
  })

  it('refuses bad uploads with a 4xx and a message, saves and counts nothing, and stays up', async () => {
    const before = await api.searchCount(member)
    const script = await api.analyse(member, {}, [{ bytes: Buffer.from('#!/bin/sh\necho pwned\n'), name: 'photo.jpg', type: 'image/jpeg' }])
    expect(script.status).toBe(415)
    expect(await message(script)).toMatch(/^Some files were rejected\. Only JPEG, PNG, and PDF files under 10MB are allowed\./)

    const png = (size: number) => Buffer.concat([images.planPng.subarray(0, 64), Buffer.alloc(size - 64, 0)])
    const tooBig = await api.analyse(member, {}, [{ bytes: png(MAX + 1), name: 'big.png', type: 'image/png' }])
    expect(tooBig.status).toBe(413)
    expect(await message(tooBig)).toMatch(/10 ?MB/)

    // Declared far over the cap: refused before it is read, and the client still gets the answer.
    const huge = await api.analyse(member, {}, [{ bytes: png(MAX + 2 * 1024 * 1024), name: 'huge.png', type: 'image/png' }])
    expect(huge.status).toBe(413)
    expect(await message(huge)).toMatch(/10 ?MB/)

    const two = await api.analyse(member, {}, [
      { bytes: images.planPng, name: 'a.png', type: 'image/png' },
      { bytes: images.planPng, name: 'b.png', type: 'image/png' },
    ])
    expect(two.status).toBe(400)
    expect(await message(two)).toBe('Only one file can be analysed at a time.')

    const empty = await api.analyse(member, { query: 'what is this' }, [{ bytes: Buffer.alloc(0), name: 'empty.jpg', type: 'image/jpeg' }])
    expect(empty.status).toBe(400)
    expect(await message(empty)).toMatch(/empty/)

    const corrupt = await api.analyse(member, {}, [{ bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(6000, 7)]), name: 'broken.jpg', type: 'image/jpeg' }])
    expect(corrupt.status).toBe(422)
    expect(await message(corrupt)).toBe('The image could not be read. It may be corrupt; try another photo.')
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)

    const blank = await api.analyse(member, {}, [{ bytes: images.blankJpeg, name: 'road.jpg', type: 'image/jpeg' }])
    expect(blank.status).toBe(422)
    expect(await message(blank)).toMatch(/^No text could be read from this image.*question box/)

    const locked = await api.analyse(member, {}, [{ bytes: images.encryptedPdf, name: 'locked.pdf', type: 'application/pdf' }])
    expect(locked.status).toBe(422)
    expect(await message(locked)).toMatch(/^This PDF is password-protected/)

    const nothing = await api.analyse(member, { query: '  ' })
    expect(nothing.status).toBe(400)
    expect(await message(nothing)).toBe('Please enter a question or upload an image')

    const json = await fetch(`${server.url}/api/analyze-image`, { method: 'POST', headers: { Origin: server.url, 'Content-Type': 'application/json', cookie: member }, body: '{}' })
    expect(json.status).toBe(415)
    expect((await fetch(`${server.url}/api/analyze-image`, { headers: { cookie: member } })).status).toBe(405)

    expect(await api.searchCount(member)).toBe(before)
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })

  /** Resident memory of the server and the processes it started (the OCR process), MB. */
  const residentMb = () => {
    const tree = processTreeMemory(server.pid)
    return (tree.main?.rssMb ?? 0) + tree.children.reduce((sum, child) => sum + child.rssMb, 0)
  }

  it('refuses images whose header declares a huge frame, where the decoder finds it, with 422 and without decoding them', async () => {
    const before = await api.searchCount(member)
    const rssBefore = residentMb()
    const hostile = [
      // Issue 13: four junk bytes before SOF hid this frame from the old pre-check, and the decoder took 1.5 GB.
      { bytes: jpegWithJunkBeforeSof(images.planJpeg, { width: 20000, height: 20000, junk: 4 }), name: 'junk.jpg' },
      { bytes: jpegWithJunkBeforeSof(images.planJpeg, { width: 20000, height: 20000, junk: 1, fill: 3 }), name: 'fill.jpg' },
      { bytes: jpegWithSize(images.planJpeg, 20000, 20000), name: 'plain.jpg' },
      { bytes: pngWithSize(images.planPng, 20000, 20000), name: 'huge.png' },
    ]
    for (const file of hostile) {
      const response = await api.analyse(member, {}, [{ ...file, type: 'image/jpeg' }])
      expect(response.status, file.name).toBe(422)
      expect(await message(response)).toBe('This image is too large to read (20000 x 20000 pixels, 400 megapixels; the limit is 40). Resize it and try again.')
    }
    expect(residentMb() - rssBefore).toBeLessThan(150)
    expect(await api.searchCount(member)).toBe(before)
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })

  it('refuses a header cut short, garbled or with junk bytes with 422, and reads one padded with fill bytes, as the decoder does', async () => {
    const cut = await api.analyse(member, {}, [{ bytes: images.planJpeg.subarray(0, 120), name: 'cut.jpg', type: 'image/jpeg' }])
    expect(cut.status).toBe(422)
    expect(await message(cut)).toBe('The image could not be read. It may be corrupt; try another photo.')
    const garbled = Buffer.from(images.planPng)
    garbled[17] = 0xff - garbled[17]! // IHDR width changed, CRC left: libpng refuses it
    const bad = await api.analyse(member, {}, [{ bytes: garbled, name: 'garbled.png', type: 'image/png' }])
    expect(bad.status).toBe(422)
    expect(await message(bad)).toBe('The image could not be read. It may be corrupt; try another photo.')

    // Junk before SOF in a photo of a normal size: libjpeg warns and leptonica refuses it, so it is refused
    // before the decoder allocates the frame. 0xFF fill bytes are legal padding and read as usual.
    const junk = await api.analyse(member, {}, [{ bytes: jpegWithJunkBeforeSof(images.planJpeg, { width: 1100, height: 800, junk: 4 }), name: 'junk.jpg', type: 'image/jpeg' }])
    expect(junk.status).toBe(422)
    expect(await message(junk)).toBe('The image could not be read. It may be corrupt; try another photo.')
    const padded = jpegWithJunkBeforeSof(images.planJpeg, { width: 1100, height: 800, junk: 0, fill: 3 })
    const read = await api.analyse(member, { analysisType: 'features' }, [{ bytes: padded, name: 'padded.jpg', type: 'image/jpeg' }])
    expect(read.status, server.output()).toBe(200)
    expect(((await read.json()) as Result).imageAnalysis.planDetails.stationNumbers).toEqual(expect.arrayContaining(['12+50', '15+00']))
  })

  it('reads two parallel 40 MP uploads and refuses the others at once with 503 and Retry-After; the grown OCR process is replaced', async () => {
    const responses = await Promise.all(Array.from({ length: 4 }, (_, i) => api.analyse(member, { analysisType: 'features' }, [{ bytes: images.largeJpeg, name: `large-${i}.jpg`, type: 'image/jpeg' }])))
    const statuses = responses.map((r) => r.status).sort()
    expect(statuses).toEqual([200, 200, 503, 503])
    for (const busy of responses.filter((r) => r.status === 503)) {
      expect(Number(busy.headers.get('retry-after'))).toBeGreaterThanOrEqual(5)
      expect(await message(busy)).toMatch(/^The photo reader is busy with other images\. Try again in \d+ seconds\.$/)
    }
    for (const ok of responses.filter((r) => r.status === 200)) expect(((await ok.json()) as Result).imageAnalysis.planDetails.stationNumbers).toContain('12+50')
    // A 40 MP image leaves the OCR process over OCR_RECYCLE_MB (384): it is ended after the job.
    const deadline = Date.now() + 5000
    while (processTreeMemory(server.pid).children.some((child) => child.rssMb > 384) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
    expect(processTreeMemory(server.pid).children.map((child) => child.rssMb).filter((rss) => rss > 384)).toEqual([])
  })

  it('needs a session, and counts analyses against the guest quota', async () => {
    const signedOut = await api.analyse('', { query: 'pothole' })
    expect(signedOut.status).toBe(401)
    const cookie = await api.guest()
    for (let i = 0; i < 3; i++) {
      const ok = await api.analyse(cookie, { analysisType: 'diagnostic', query: 'pothole in the travel lane' })
      expect(ok.status).toBe(200)
    }
    const fourth = await api.analyse(cookie, { analysisType: 'diagnostic', query: 'pothole in the travel lane' })
    expect(fourth.status).toBe(403)
    expect(await message(fourth)).toMatch(/3 free guest searches/)
    expect(await api.searchCount(cookie)).toBe(3)
  })
})

describe('POST /api/analyze-image with a vision model', () => {
  let database: TestDatabase
  let server: RunningServer
  let model: OpenAiTestServer
  const api = client(() => server)
  let member = ''

  beforeAll(async () => {
    model = await startOpenAiTestServer()
    database = await createTestDatabase('pglite', { corpus: true })
    server = await started({
      ...database.env,
      VISION_MODEL: 'vision-test',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: model.baseURL,
      LLM_MODEL: '',
      VISION_TIMEOUT_MS: '5000',
    })
    member = await api.signUp('vision@example.test')
    images = await rendered
  }, 300_000)
  afterAll(async () => {
    await server?.stop()
    await database?.cleanup()
    await model?.close()
  })

  it('merges the model findings, each marked origin model', async () => {
    model.setRespond(() => ({
      // 'guardrail' is also in the sheet's text, where it is found first: listed once, as text.
      features: [
        { feature: 'guardrail', description: 'W-beam rail along the shoulder', confidence: 0.95 },
        { feature: 'concrete barrier', description: 'barrier wall at the median', confidence: 0.95 },
      ],
      defects: [{ defect: 'alligator cracking', description: 'interconnected cracks in the wheel path', severity: 'high' }],
    }))
    const response = await api.analyse(member, { analysisType: 'diagnostic', query: 'alligator cracking in the wheel path' }, [
      { bytes: images.planPng, name: 'plan.png', type: 'image/png' },
    ])
    expect(response.status, server.output()).toBe(200)
    const result = (await response.json()) as Result
    expect(result.imageAnalysis.visionModel).toBe('vision-test')
    const fromModel = result.imageAnalysis.identifiedFeatures.filter((f) => f.origin === 'model')
    expect(fromModel.map((f) => f.feature)).toEqual(['concrete barrier'])
    expect(result.imageAnalysis.identifiedFeatures.filter((f) => f.feature.toLowerCase() === 'guardrail')).toHaveLength(1)
    expect(fromModel[0]!.confidence).toBeLessThanOrEqual(0.8)
    expect(result.diagnosticResult?.detectedProblems).toEqual(expect.arrayContaining([expect.objectContaining({ problem: 'alligator cracking', origin: 'model' })]))
    expect(result.searchEngine).toContain('vision model vision-test')
    expect(result.imageAnalysis.notices?.some((n) => n.startsWith('Visual defect detection needs'))).toBe(false)
    const sent = model.requests.at(-1)!.body.messages.at(-1)!.content as Array<{ type: string; image_url?: { url: string } }>
    expect(sent.find((part) => part.type === 'image_url')?.image_url?.url.startsWith('data:image/png;base64,')).toBe(true)
  })

  it('goes on without the model when it fails, with a notice', async () => {
    model.setRespond(() => ({ status: 500, body: '{"error":{"message":"model crashed"}}' }))
    const response = await api.analyse(member, { analysisType: 'general' }, [{ bytes: images.planPng, name: 'plan.png', type: 'image/png' }])
    expect(response.status).toBe(200)
    const result = (await response.json()) as Result
    expect(result.imageAnalysis.visionModel).toBeNull()
    expect(result.imageAnalysis.notices).toEqual(expect.arrayContaining([expect.stringContaining('HTTP 500')]))
    expect(result.imageAnalysis.planDetails.stationNumbers).toContain('12+50')
    expect(result.imageAnalysis.identifiedFeatures.some((f) => f.origin === 'model')).toBe(false)
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })
})
