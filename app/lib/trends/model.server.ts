/**
 * The optional chat-model narrative: with a model configured (LLM_MODEL and OPENAI_API_KEY, see
 * app/lib/providers.server.ts), the model writes the insight text from the computed figures
 * only. The reply is checked (its form, its length, no links, and every number in it must be one of the
 * figures' numbers); any failure returns a reason and the caller keeps the template text.
 */
import { HumanMessage, SystemMessage } from '@langchain/core/messages'
import type { Runnable } from '@langchain/core/runnables'
import { z } from 'zod'
import { createChatModel, type LlmConfig } from '../providers.server'
import type { TrendFigures } from './metrics'

export const narrativeSchema = z.object({
  insight: z.string().describe('Two to five sentences about the trend, using only the figures given.'),
})

export const NARRATIVE_SYSTEM_PROMPT = [
  'You write short industry trend summaries for South Carolina road construction inspectors.',
  'Use ONLY the figures given in the JSON. Do not add any fact, number, cause or prediction that is not in them.',
  'Copy numbers exactly as given; never compute new ones. Do not include links.',
  'Say what rose or fell, what users search for and what the news headlines say. Two to five sentences.',
].join('\n')

const MIN_CHARS = 40
const MAX_CHARS = 1500

export function narrativePrompt(figures: TrendFigures): string {
  return `Figures:\n${JSON.stringify(figures, null, 2)}`
}

const NUMBER = /\d+(?:[.,]\d+)*/g

/** Numbers in a text ('1,200' and '1200' are the same; '25%' is 25). */
export function numbersIn(text: string): Set<string> {
  return new Set([...text.matchAll(NUMBER)].map((m) => m[0].replaceAll(',', '')))
}

export type NarrativeCheck = { ok: true; text: string } | { ok: false; reason: string }

/** Checks a model's text against the figures it was given. Pure. */
export function checkNarrative(text: string, figures: TrendFigures): NarrativeCheck {
  const trimmed = text.trim().replace(/\s+/g, ' ')
  if (trimmed.length < MIN_CHARS) return { ok: false, reason: 'the text is too short' }
  if (trimmed.length > MAX_CHARS) return { ok: false, reason: 'the text is too long' }
  if (/https?:\/\/|www\./i.test(trimmed)) return { ok: false, reason: 'the text contains a link' }
  if (/\bi (do not|don't) know\b/i.test(trimmed)) return { ok: false, reason: 'the model said it does not know' }
  const allowed = numbersIn(JSON.stringify(figures))
  const invented = [...numbersIn(trimmed)].filter((n) => !allowed.has(n))
  if (invented.length > 0) return { ok: false, reason: `numbers not in the figures: ${invented.slice(0, 5).join(', ')}` }
  return { ok: true, text: trimmed }
}

export async function modelNarrative(config: LlmConfig, figures: TrendFigures): Promise<NarrativeCheck> {
  const structured: Runnable = createChatModel(config).withStructuredOutput(narrativeSchema, { name: 'trend_insight', method: config.method })
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), config.timeoutMs)
  try {
    const raw = await structured.invoke([new SystemMessage(NARRATIVE_SYSTEM_PROMPT), new HumanMessage(narrativePrompt(figures))], {
      signal: controller.signal,
    })
    const parsed = narrativeSchema.safeParse(raw)
    if (!parsed.success) return { ok: false, reason: 'the reply did not have the requested form' }
    return checkNarrative(parsed.data.insight, figures)
  } catch (error) {
    return { ok: false, reason: `the call failed: ${(error instanceof Error ? error.message : String(error)).slice(0, 200)}` }
  } finally {
    clearTimeout(timer)
  }
}
