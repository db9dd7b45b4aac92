/**
 * The chat-model answer path against a local OpenAI-compatible server (tests/helpers/openai-server.ts):
 * the real chain, the real @langchain/openai client, the corpus ingested into PGlite. Nothing leaves
 * 127.0.0.1.
 */
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../db/client'
import { ingestCorpus } from '../../ingest/index'
import { runRetry, runSearch } from '../../app/lib/search/search.server'
import type { SearchResult } from '../../app/lib/search/core/types'
import { startOpenAiTestServer, userPrompt, type ChatRequestBody, type OpenAiTestServer } from '../helpers/openai-server'
import { openMigratedTestDatabase, type TestDatabase } from './databases'

const QUESTION = 'How far apart are the line posts on a W-beam guardrail run?'
const ENV_KEYS = ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'LLM_MODEL', 'LLM_TIMEOUT_MS', 'LLM_STRUCTURED_METHOD'] as const

let database: TestDatabase
let handle: DbHandle
let server: OpenAiTestServer
const saved: Partial<Record<(typeof ENV_KEYS)[number], string | undefined>> = {}

/** The prompt's numbered passages: id -> header and text. */
function numberedPassages(body: ChatRequestBody): Map<string, string> {
  const blocks = userPrompt(body).split(/\n\n(?=\[P\d+\] )/)
  const out = new Map<string, string>()
  for (const block of blocks) {
    const id = /^\[(P\d+)\]/.exec(block)?.[1]
    if (id) out.set(id, block)
  }
  return out
}

/** The id of the first passage whose block contains every one of `needles`. */
function idOf(body: ChatRequestBody, ...needles: string[]): string {
  for (const [id, block] of numberedPassages(body)) if (needles.every((needle) => block.includes(needle))) return id
  throw new Error(`no passage with ${needles.join(', ')} in the prompt`)
}

async function ask(query = QUESTION): Promise<SearchResult> {
  return runSearch(handle, { query, specBook: 'both', userRole: 'inspector' })
}

beforeAll(async () => {
  for (const key of ENV_KEYS) saved[key] = process.env[key]
  ;({ database, handle } = await openMigratedTestDatabase('pglite', { corpus: true }))
  await ingestCorpus(handle, path.resolve('corpus'))
  server = await startOpenAiTestServer()
  process.env.OPENAI_BASE_URL = server.baseURL
  process.env.OPENAI_API_KEY = 'test-key-123'
  process.env.LLM_MODEL = 'test-model'
  process.env.LLM_TIMEOUT_MS = '1500'
  delete process.env.LLM_STRUCTURED_METHOD
})

afterEach(() => {
  delete process.env.LLM_STRUCTURED_METHOD
  process.env.LLM_TIMEOUT_MS = '1500'
})

afterAll(async () => {
  for (const key of ENV_KEYS) {
    if (saved[key] === undefined) delete process.env[key]
    else process.env[key] = saved[key]
  }
  await server?.close()
  await handle?.close()
  await database?.cleanup()
})

describe('chat model answers, checked against the retrieved passages', () => {
  it('uses a good reply (engine model), sends the key as Bearer and asks for structured output', async () => {
    server.setRespond((body) => {
      const id = idOf(body, 'Drawing G501', '6 ft 3 in (6.25 ft)')
      return { answer: `Line posts on a standard W-beam run are 6 ft 3 in (6.25 ft) apart [${id}].`, citations: [id], tips: [`Measure post spacing along the run [${id}].`] }
    })
    const before = server.requests.length
    const result = await ask()
    expect(server.requests.length).toBe(before + 1)
    const request = server.requests.at(-1)!
    expect(request.headers.authorization).toBe('Bearer test-key-123')
    expect(request.path).toBe('/v1/chat/completions')
    expect(request.body.model).toBe('test-model')
    expect(request.body.response_format?.type).toBe('json_schema')
    expect(JSON.stringify(request.body.response_format?.json_schema?.schema)).toContain('citations')
    expect(String(request.body.messages[0]!.content)).toContain('Answer ONLY from the numbered passages')
    expect(userPrompt(request.body)).toContain(`Question: ${QUESTION}`)

    expect(result.engine).toBe('model')
    expect(result.searchEngine).toBe('Chat model test-model (citations checked against SCDOT corpus)')
    expect(result.answer).toBe('Line posts on a standard W-beam run are 6 ft 3 in (6.25 ft) apart [Drawing G501].')
    expect(result.exactCitations.map((c) => c.reference)).toEqual(['Drawing G501'])
    expect(result.sources[0]).toMatchObject({ relevance: 'primary', section: 'Drawing G501' })
    expect(result.roleSpecificNotes[0]).toBe('Measure post spacing along the run [Drawing G501].')
    expect(['high', 'medium']).toContain(result.confidence)
  })

  it('drops a citation of a passage that was not retrieved and keeps the answer on the valid one', async () => {
    server.setRespond((body) => {
      const id = idOf(body, 'Drawing G501', '6 ft 3 in (6.25 ft)')
      return { answer: `Posts are 6.25 ft apart [${id}] [P42].`, citations: [id, 'P42', 'Section 999.9 (2007)'], tips: [] }
    })
    const result = await ask()
    expect(result.engine).toBe('model')
    expect(result.answer).toBe('Posts are 6.25 ft apart [Drawing G501].')
    expect(result.answer).not.toContain('P42')
    expect(result.exactCitations.map((c) => c.reference)).toEqual(['Drawing G501'])
    expect(JSON.stringify(result)).not.toContain('999.9')
  })

  it('falls back to the extractive answer when no valid citation is left', async () => {
    server.setRespond(() => ({ answer: 'Posts are 6.25 ft apart [P42].', citations: ['P42'], tips: [] }))
    const result = await ask()
    expect(result.engine).toBe('extractive')
    expect(result.searchEngine).toBe("Extractive answer (the chat model's answer failed the citation check)")
    expect(result.answer).toContain('6 ft 3 in (6.25 ft)')
    expect(result.exactCitations.map((c) => c.reference)).toContain('Drawing G501')
  })

  it('falls back when the answer has a number that is not in the cited passages', async () => {
    server.setRespond((body) => {
      const id = idOf(body, 'Drawing G501', '6 ft 3 in (6.25 ft)')
      return { answer: `Posts are 8 ft apart [${id}].`, citations: [id], tips: [] }
    })
    const result = await ask()
    expect(result.engine).toBe('extractive')
    expect(result.searchEngine).toBe("Extractive answer (the chat model's answer failed the citation check)")
    expect(result.answer).not.toContain('8 ft apart')
  })

  it('falls back on an HTTP 500', async () => {
    server.setRespond(() => ({ status: 500, body: JSON.stringify({ error: { message: 'model crashed' } }) }))
    const result = await ask()
    expect(result.engine).toBe('extractive')
    expect(result.searchEngine).toBe('Extractive answer (the chat model call failed)')
    expect(result.answer).toContain('6 ft 3 in (6.25 ft)')
  })

  it('falls back on a timeout, without waiting for the late reply', async () => {
    process.env.LLM_TIMEOUT_MS = '700'
    server.setRespond((body) => ({ delayMs: 3000, reply: { answer: 'late', citations: [idOf(body, 'Drawing G501')], tips: [] } }))
    const started = Date.now()
    const result = await ask()
    expect(Date.now() - started).toBeLessThan(2500)
    expect(result.engine).toBe('extractive')
    expect(result.searchEngine).toBe('Extractive answer (the chat model did not answer in time)')
  })

  it('works with tool calling for servers without JSON schema output', async () => {
    process.env.LLM_STRUCTURED_METHOD = 'functionCalling'
    server.setRespond((body) => {
      const id = idOf(body, 'Drawing G501', '6 ft 3 in (6.25 ft)')
      return { answer: `Set line posts 6 ft 3 in apart [${id}].`, citations: [id], tips: [] }
    })
    const result = await ask()
    const request = server.requests.at(-1)!
    expect(request.body.tools?.[0]?.function.name).toBe('cited_answer')
    expect(request.body.response_format).toBeUndefined()
    expect(result.engine).toBe('model')
    expect(result.answer).toBe('Set line posts 6 ft 3 in apart [Drawing G501].')
  })

  it('calls the model once on a retry (the first search is re-run extractively) and says what was added', async () => {
    server.setRespond((body) => {
      const [id] = [...numberedPassages(body).keys()]
      return { answer: `See the added passage [${id}].`, citations: [id!], tips: [] }
    })
    const first = await ask()
    const before = server.requests.length
    const retry = await runRetry(handle, {
      originalQuery: QUESTION,
      originalAnswer: first.answer,
      originalSources: first.sources.map((source) => ({ ...source })),
      retryAttempt: 0,
      specBook: 'both',
      userRole: 'inspector',
    })
    expect(server.requests.length - before).toBeLessThanOrEqual(1)
    expect(retry.retry?.attempt).toBe(1)
    expect(retry.answer).not.toBe(first.answer)
  })

  it('does not call the model for a question outside the product scope', async () => {
    server.setRespond(() => ({ answer: 'The Dodgers.', citations: ['P1'], tips: [] }))
    const before = server.requests.length
    const result = await ask('Which team won the Super Bowl in 2023?')
    expect(server.requests.length).toBe(before)
    expect(result.engine).toBe('scope')
    expect(result.confidence).toBe('unknown')
  })
})
