/**
 * The answer chain: a LangChain runnable, built once and reused by every search, rebuilt only when the
 * chat-model configuration changes (~/lib/providers.server `chatModelConfig`).
 *
 *   retrieve (analysis + hybrid retrieval in Postgres, cheat-sheet records)
 *     -> prepare (the core ranks the candidates and their facts, decides confidence and scope: core/decide.ts)
 *     -> answer (out of scope or below the floor: abstain; else the chat model when configured, its
 *        citations checked, falling back to the extractive answer; else the extractive answer)
 *     -> result (the §3 search result)
 */
import { RunnableLambda, RunnableSequence, type Runnable } from '@langchain/core/runnables'
import type { DbHandle } from '@db/client'
import { loadCheatSheets } from '~/lib/corpus/records.server'
import { logger } from '~/lib/logger.server'
import {
  abstainBody,
  answerable,
  buildResult,
  extractiveBody,
  prepare,
  type AnswerBody,
  type Prepared,
} from './core/compose'
import { chatModelConfig } from '~/lib/providers.server'
import { configKey, createModelAnswerer, type ModelAnswer, type ModelAnswerer } from './llm.server'
import { calculationSuggestions, calculatorNote, type CheatSheetInfo } from './core/answer-suggestions'
import type { CorpusStats } from './core/rank'
import { retrieve } from './retrieve.server'
import { getCorpusKnowledge } from './vocabulary.server'
import type { Passage, RetrievalOptions, RetrievalResult, SearchResult, SpecBook } from './core/types'

export interface ChainInput {
  handle: DbHandle
  query: string
  specBook: SpecBook
  /** Extra retrieval options (a retry's broad search and the chunks to leave out). */
  options?: RetrievalOptions
  /** 'extractive' skips the chat model (a retry re-running the first search only to see what it showed). */
  answerWith?: 'auto' | 'extractive'
}

export interface ChainOutput {
  result: SearchResult
  prepared: Prepared
  /** Passages the answer used (empty when it abstained). */
  used: Passage[]
  /** In scope and above the confidence floor. */
  answered: boolean
  retrieval: RetrievalResult
}

type Retrieved = ChainInput & { retrieval: RetrievalResult; sheets: CheatSheetInfo[]; stats: CorpusStats }

/** Candidates retrieval hands to the core, which ranks them itself (core/decide.ts). */
export const CANDIDATES = 24
type WithPrepared = Retrieved & { prepared: Prepared }
type WithBody = WithPrepared & { body: AnswerBody }

let sheetInfo: { from: unknown; info: CheatSheetInfo[] } | undefined

async function cheatSheets(): Promise<CheatSheetInfo[]> {
  try {
    const sheets = await loadCheatSheets()
    // One list per loaded corpus, so the suggestions' per-list caches keep working.
    if (sheetInfo?.from !== sheets) {
      sheetInfo = { from: sheets, info: sheets.map(({ id, title, keywords, criticalChecks }) => ({ id, title, keywords, criticalChecks })) }
    }
    return sheetInfo.info
  } catch (error) {
    logger.error({ err: error }, 'cheat sheets could not be loaded; answering without cheat-sheet suggestions')
    return []
  }
}

export function fallbackEngineName(outcome: Extract<ModelAnswer, { ok: false }>): string {
  if (outcome.kind === 'timeout') return 'Extractive answer (the chat model did not answer in time)'
  if (outcome.kind === 'error') return 'Extractive answer (the chat model call failed)'
  return "Extractive answer (the chat model's answer failed the citation check)"
}

async function answerStep(input: WithPrepared, answerer: ModelAnswerer | null): Promise<AnswerBody> {
  const { prepared } = input
  if (!answerable(prepared)) return abstainBody(prepared)
  if (!answerer || input.answerWith === 'extractive') return extractiveBody(prepared)
  const outcome = await answerer.answer(prepared.analysis.corrected || input.query, prepared.passages)
  if (outcome.dropped.length > 0) {
    logger.warn({ model: answerer.model, dropped: outcome.dropped }, 'chat model cited passages that were not retrieved; citations dropped')
  }
  if (!outcome.ok) {
    logger.warn({ model: answerer.model, kind: outcome.kind, reason: outcome.reason }, 'chat model answer fell back to the extractive answer')
    return extractiveBody(prepared, fallbackEngineName(outcome))
  }
  const note = calculatorNote(input.query, calculationSuggestions(input.query))
  return {
    answer: note ? `${outcome.answer}\n\n${note}` : outcome.answer,
    used: outcome.used,
    engine: 'model',
    searchEngine: `Chat model ${answerer.model} (citations checked against SCDOT corpus)`,
    tips: outcome.tips,
  }
}

export function buildAnswerChain(answerer: ModelAnswerer | null): Runnable<ChainInput, ChainOutput> {
  return RunnableSequence.from<ChainInput, ChainOutput>([
    RunnableLambda.from(async (input: ChainInput): Promise<Retrieved> => {
      const [retrieval, sheets, knowledge] = await Promise.all([
        retrieve(input.handle, input.query, { specBook: input.specBook, limit: CANDIDATES, ...input.options }),
        cheatSheets(),
        getCorpusKnowledge(input.handle),
      ])
      const excluded = new Set(input.options?.excludeChunkIds ?? [])
      const passages = excluded.size > 0 ? retrieval.passages.filter((p) => !excluded.has(p.chunkId)) : retrieval.passages
      return { ...input, retrieval: { ...retrieval, passages }, sheets, stats: knowledge.stats }
    }).withConfig({ runName: 'retrieve' }),
    RunnableLambda.from(
      (input: Retrieved): WithPrepared => ({
        ...input,
        prepared: prepare(input.query, input.retrieval.analysis, input.retrieval.passages, input.stats, input.sheets),
      }),
    ).withConfig({ runName: 'prepare' }),
    RunnableLambda.from(async (input: WithPrepared): Promise<WithBody> => ({ ...input, body: await answerStep(input, answerer) })).withConfig({
      runName: 'answer',
    }),
    RunnableLambda.from(
      (input: WithBody): ChainOutput => ({
        result: buildResult(input.prepared, input.body),
        prepared: input.prepared,
        used: input.body.used,
        answered: answerable(input.prepared),
        retrieval: input.retrieval,
      }),
    ).withConfig({ runName: 'result' }),
  ])
}

let built: { key: string; chain: Runnable<ChainInput, ChainOutput> } | undefined

/** The chain for the current configuration: built on first use, rebuilt only when the configuration changes. */
export function getAnswerChain(): Runnable<ChainInput, ChainOutput> {
  const config = chatModelConfig()
  const key = configKey(config)
  if (built?.key !== key) {
    built = { key, chain: buildAnswerChain(config ? createModelAnswerer(config) : null) }
    logger.info({ engine: config ? `chat model ${config.model}` : 'extractive', baseURL: config?.baseURL ?? null }, 'answer chain built')
  }
  return built.chain
}
