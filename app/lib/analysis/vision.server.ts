/**
 * The optional vision model: an OpenAI-compatible chat model that accepts images. The photo is sent as a
 * data URL in a chat request asking for JSON findings `{ features: [...], defects: [...] }`; the reply is
 * validated with zod. Any failure (HTTP error, time limit, a reply that is not the requested JSON) gives no
 * model findings and a notice saying why: the analysis goes on from the text and the description.
 * The findings are the model's, and are always marked origin 'model' where they are shown.
 *
 * Its settings (VISION_MODEL, VISION_API_KEY, VISION_BASE_URL, VISION_TIMEOUT_MS) and its client (a plain
 * chat-completions call) come from ~/lib/providers.server.
 */
import { z } from 'zod'
import { logger } from '~/lib/logger.server'
import { createVisionClient, type VisionConfig } from '~/lib/providers.server'
import { SEVERITIES, type Severity } from '~/lib/search/core/types'

const MAX_FINDINGS = 8
const MAX_TEXT = 200

export type { VisionConfig } from '~/lib/providers.server'

const text = z
  .string()
  .trim()
  .min(1)
  .transform((value) => (value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value))
const confidence = z.number().min(0).max(1).optional().catch(undefined)

export const visionReplySchema = z.object({
  features: z
    .array(z.object({ feature: text, description: text.optional().catch(undefined), confidence }))
    .default([])
    .transform((list) => list.slice(0, MAX_FINDINGS)),
  defects: z
    .array(
      z.object({
        defect: text,
        description: text.optional().catch(undefined),
        severity: z.enum(SEVERITIES).optional().catch(undefined),
        confidence,
      }),
    )
    .default([])
    .transform((list) => list.slice(0, MAX_FINDINGS)),
})
export type VisionReply = z.infer<typeof visionReplySchema>

export interface VisionFeature {
  feature: string
  description?: string
  confidence?: number
}
export interface VisionDefect {
  defect: string
  description?: string
  severity?: Severity
  confidence?: number
}

export type VisionOutcome =
  | { ok: true; model: string; features: VisionFeature[]; defects: VisionDefect[]; durationMs: number }
  | { ok: false; model: string; notice: string; durationMs: number }

export const VISION_PROMPT = [
  'You look at one photo or plan image from a South Carolina DOT road construction site.',
  'List only what is clearly visible. Do not guess hidden details, dimensions, quantities or specification numbers.',
  'Reply with JSON only, in this form:',
  '{"features": [{"feature": "short name, e.g. catch basin, guardrail, 24 inch RCP", "description": "what you see", "confidence": 0.0-1.0}],',
  ' "defects": [{"defect": "short name, e.g. alligator cracking", "description": "where and how it shows", "severity": "low|medium|high|critical", "confidence": 0.0-1.0}]}',
  'Use empty lists when nothing is visible. At most 8 of each.',
].join('\n')

/** The JSON object inside a reply that may wrap it in a code fence or a sentence. */
function jsonIn(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content)?.[1] ?? content
  const start = fenced.indexOf('{')
  const end = fenced.lastIndexOf('}')
  if (start < 0 || end <= start) throw new Error('no JSON object in the reply')
  return JSON.parse(fenced.slice(start, end + 1))
}

export async function analyseWithVision(
  config: VisionConfig,
  image: { bytes: Buffer; type: 'image/jpeg' | 'image/png' },
  question: string,
): Promise<VisionOutcome> {
  const started = performance.now()
  const failed = (notice: string): VisionOutcome => ({ ok: false, model: config.model, notice, durationMs: performance.now() - started })
  const dataUrl = `data:${image.type};base64,${image.bytes.toString('base64')}`
  const body = {
    model: config.model,
    temperature: 0,
    response_format: { type: 'json_object' },
    messages: [
      { role: 'system', content: VISION_PROMPT },
      {
        role: 'user',
        content: [
          { type: 'text', text: question ? `The inspector asks: ${question}` : 'Describe the construction features and any defects.' },
          { type: 'image_url', image_url: { url: dataUrl } },
        ],
      },
    ],
  }
  let reply: Response
  try {
    reply = await createVisionClient(config).chatCompletion(body)
  } catch (error) {
    const timeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    logger.warn({ err: error, model: config.model }, 'vision model call failed')
    return failed(
      timeout
        ? `The vision model (${config.model}) did not answer within ${Math.round(config.timeoutMs / 1000)} s; no visual findings were added.`
        : `The vision model (${config.model}) could not be reached; no visual findings were added.`,
    )
  }
  if (!reply.ok) {
    const detail = (await reply.text().catch(() => '')).slice(0, 200)
    logger.warn({ status: reply.status, detail, model: config.model }, 'vision model answered with an error')
    return failed(`The vision model (${config.model}) answered with an error (HTTP ${reply.status}); no visual findings were added.`)
  }
  try {
    const completion = (await reply.json()) as { choices?: Array<{ message?: { content?: unknown } }> }
    const content = completion.choices?.[0]?.message?.content
    if (typeof content !== 'string') throw new Error('the reply has no text content')
    const parsed = visionReplySchema.parse(jsonIn(content))
    return { ok: true, model: config.model, features: parsed.features, defects: parsed.defects, durationMs: performance.now() - started }
  } catch (error) {
    logger.warn({ err: error, model: config.model }, 'vision model reply was not the requested JSON')
    return failed(`The vision model (${config.model}) did not reply in the requested form; no visual findings were added.`)
  }
}
