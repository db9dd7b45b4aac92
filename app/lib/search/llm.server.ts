/**
 * The optional chat-model answer: an OpenAI-compatible chat model through @langchain/openai writes the
 * answer from the numbered passages with structured output, and `checkModelReply` checks every citation
 * and figure against those passages. Any failure (no valid citation, an invented figure, an HTTP error, a
 * timeout, an unparsable reply) is returned as a reason: the caller falls back to the extractive answer.
 *
 * The model's settings (LLM_MODEL, OPENAI_API_KEY, OPENAI_BASE_URL, LLM_TIMEOUT_MS, LLM_STRUCTURED_METHOD:
 * 'jsonSchema', 'functionCalling' or 'jsonMode', for servers that support only one of them) and its client
 * come from ~/lib/providers.server; the answer chain is rebuilt when they change.
 */
import { HumanMessage, SystemMessage } from '@langchain/core/messages'
import type { Runnable } from '@langchain/core/runnables'
import { z } from 'zod'
import type { Passage } from './core/types'
import { citationOf } from './core/citations'
import { checkModelReply, type ModelReply } from './core/check'
import { createChatModel, type LlmConfig } from '~/lib/providers.server'

/** Passages given to the model, and the longest passage text sent. */
export const MODEL_PASSAGES = 6
const MAX_PASSAGE_CHARS = 1800

/** A key for the configuration (without the secret), to know when the chain must be rebuilt. */
export function configKey(config: LlmConfig | null): string {
  if (!config) return 'extractive'
  return JSON.stringify({ ...config, apiKey: config.apiKey.length > 0 ? `len:${config.apiKey.length}:${config.apiKey.slice(-4)}` : '' })
}

export const replySchema = z.object({
  answer: z
    .string()
    .describe('The answer, only from the numbered passages, citing them inline like [P2]. Say you do not know when they do not answer it.'),
  citations: z.array(z.string()).describe('Ids of the passages the answer relies on, such as "P1", "P3".'),
  tips: z.array(z.string()).describe('Up to two short field checks for an inspector, from the cited passages only.'),
})

export const SYSTEM_PROMPT = [
  'You answer questions from South Carolina DOT (SCDOT) road construction inspectors.',
  'Answer ONLY from the numbered passages given (P1, P2, ...). Do not use any other knowledge.',
  'Cite every fact inline with its passage id in square brackets, e.g. [P2], and list the ids you used in "citations".',
  'Copy figures (numbers, units, section numbers) exactly as the passages write them; never compute or invent a figure.',
  'Keep the passages\' caveats (for example "not confirmed as an SCDOT requirement").',
  'If the passages do not answer the question, say "I don\'t know" and cite nothing.',
  'Be brief: two to five sentences.',
].join('\n')

function passageHeader(passage: Passage, index: number): string {
  const citation = citationOf(passage)
  return `[P${index + 1}] ${citation.reference} - ${passage.documentTitle} (${citation.documentType})${passage.headingPath ? ` - ${passage.headingPath}` : ''}`
}

export function buildPrompt(question: string, passages: readonly Passage[]): string {
  const blocks = passages.map((passage, index) => {
    const text = passage.text.length > MAX_PASSAGE_CHARS ? `${passage.text.slice(0, MAX_PASSAGE_CHARS)}...` : passage.text
    return `${passageHeader(passage, index)}\n${text}`
  })
  return `Question: ${question}\n\nPassages:\n\n${blocks.join('\n\n')}`
}

export type ModelAnswer =
  | { ok: true; answer: string; used: Passage[]; tips: string[]; dropped: string[] }
  | { ok: false; reason: string; kind: 'check' | 'error' | 'timeout'; dropped: string[] }

export interface ModelAnswerer {
  readonly model: string
  answer(question: string, passages: readonly Passage[]): Promise<ModelAnswer>
}

export function createModelAnswerer(config: LlmConfig): ModelAnswerer {
  const structured: Runnable = createChatModel(config).withStructuredOutput(replySchema, { name: 'cited_answer', method: config.method })

  return {
    model: config.model,
    async answer(question, allPassages) {
      const passages = allPassages.slice(0, MODEL_PASSAGES)
      const controller = new AbortController()
      let timedOut = false
      const timer = setTimeout(() => {
        timedOut = true
        controller.abort()
      }, config.timeoutMs)
      let raw: unknown
      try {
        raw = await structured.invoke([new SystemMessage(SYSTEM_PROMPT), new HumanMessage(buildPrompt(question, passages))], {
          signal: controller.signal,
        })
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        const timeout = timedOut || /timed? ?out|abort/i.test(message)
        return {
          ok: false,
          kind: timeout ? 'timeout' : 'error',
          reason: timeout ? `no reply within ${config.timeoutMs} ms` : `the call failed: ${message.slice(0, 200)}`,
          dropped: [],
        }
      } finally {
        clearTimeout(timer)
      }
      const parsed = replySchema.safeParse(raw)
      if (!parsed.success) return { ok: false, kind: 'check', reason: 'the reply did not have the requested form', dropped: [] }
      const reply: ModelReply = parsed.data
      if (/^\s*i (do not|don't) know/i.test(reply.answer)) {
        return { ok: false, kind: 'check', reason: 'the model said it does not know', dropped: [] }
      }
      const outcome = checkModelReply(reply, passages, question)
      return outcome.ok ? { ...outcome, tips: outcome.tips.slice(0, 2) } : { ...outcome, kind: 'check' }
    },
  }
}
