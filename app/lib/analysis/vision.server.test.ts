import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOpenAiTestServer, type OpenAiTestServer } from '../../../tests/helpers/openai-server'
import { analyseWithVision, visionReplySchema, type VisionConfig } from './vision.server'

describe('visionReplySchema', () => {
  it('keeps valid findings, drops bad optional values, caps lists', () => {
    const parsed = visionReplySchema.parse({
      features: Array.from({ length: 12 }, (_, i) => ({ feature: `f${i}`, confidence: i === 0 ? 3 : 0.5 })),
      defects: [{ defect: 'pothole', severity: 'catastrophic' }],
    })
    expect(parsed.features).toHaveLength(8)
    expect(parsed.features[0]).toEqual({ feature: 'f0', confidence: undefined, description: undefined })
    expect(parsed.defects[0]).toMatchObject({ defect: 'pothole', severity: undefined })
  })

  it('refuses a finding without a name', () => {
    expect(visionReplySchema.safeParse({ features: [{ feature: '' }] }).success).toBe(false)
  })
})

describe('analyseWithVision', () => {
  let server: OpenAiTestServer
  let config: VisionConfig
  const image = { bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47]), type: 'image/png' as const }

  beforeAll(async () => {
    server = await startOpenAiTestServer()
    config = { model: 'vision-test', apiKey: 'test-key', baseURL: server.baseURL, timeoutMs: 2000 }
  })
  afterAll(async () => server?.close())

  it('sends the image as a data URL and returns the findings', async () => {
    server.setRespond(() => ({ features: [{ feature: 'catch basin', confidence: 0.9 }], defects: [{ defect: 'cracked grate', severity: 'medium' }] }))
    const outcome = await analyseWithVision(config, image, 'what is this?')
    expect(outcome).toMatchObject({ ok: true, model: 'vision-test', features: [{ feature: 'catch basin', confidence: 0.9 }], defects: [{ defect: 'cracked grate', severity: 'medium' }] })
    const request = server.requests.at(-1)!
    expect(request.headers.authorization).toBe('Bearer test-key')
    const content = request.body.messages.at(-1)!.content as Array<{ type: string; image_url?: { url: string }; text?: string }>
    expect(content.find((part) => part.type === 'image_url')?.image_url?.url).toBe('data:image/png;base64,iVBORw==')
    expect(content.find((part) => part.type === 'text')?.text).toContain('what is this?')
  })

  it('gives a notice, never a throw, on an HTTP error, a bad reply or a time-out', async () => {
    server.setRespond(() => ({ status: 500, body: '{"error":{"message":"boom"}}' }))
    expect(await analyseWithVision(config, image, '')).toMatchObject({ ok: false, notice: expect.stringContaining('HTTP 500') })
    server.setRespond(() => ({ features: 'not a list' }))
    expect(await analyseWithVision(config, image, '')).toMatchObject({ ok: false, notice: expect.stringContaining('requested form') })
    server.setRespond(() => ({ delayMs: 1500, reply: { features: [] } }))
    expect(await analyseWithVision({ ...config, timeoutMs: 200 }, image, '')).toMatchObject({ ok: false, notice: expect.stringContaining('did not answer within') })
    expect(await analyseWithVision({ ...config, baseURL: 'http://127.0.0.1:9/v1' }, image, '')).toMatchObject({ ok: false, notice: expect.stringContaining('could not be reached') })
  })
})
