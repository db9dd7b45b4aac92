/**
 * The on-device answerer: a question and the offline index in, a `SearchResult` out, with no server and no
 * model. It is the online engine on the saved corpus (app/lib/search/core): the same question analysis,
 * spelling vocabulary, ranking, fitted fact and answer models, rules and composition; only the candidate
 * retrieval is the core's own (`retrieveLocal`) instead of Postgres, and the result says it was answered
 * offline. Pure (browser and tests).
 */
import { extractiveResult, prepare } from '../search/core/compose'
import { buildKnowledge, commonWordSet, expandWordList, localRetrieval, type CorpusKnowledge } from '../search/core/knowledge'
import type { CheatSheetInfo } from '../search/core/answer-suggestions'
import type { Passage, SearchResult } from '../search/core/types'
import type { OfflineIndex, OfflinePassage } from './types'

export const OFFLINE_ENGINE = 'Offline answer from the SCDOT corpus saved on this device (no server, no AI model)'
export const OFFLINE_NOTE =
  'You are offline: this answer comes from the SCDOT corpus saved on this device. Check it against the official documents, and search again when you are back online.'

export interface PreparedIndex {
  version: string
  passages: Passage[]
  sheets: CheatSheetInfo[]
  knowledge: CorpusKnowledge
}

function toPassage(entry: OfflinePassage): Passage {
  return { ...entry, topics: [], scores: { fts: null, ftsRank: null, vector: null, vectorRank: null, exact: false, fused: 0 } }
}

/** Reads the index once (the browser keeps the result per index version): passages, vocabulary, statistics. */
export function prepareIndex(index: OfflineIndex): PreparedIndex {
  const passages = index.passages.map(toPassage)
  return {
    version: index.version,
    passages,
    sheets: index.sheets,
    knowledge: buildKnowledge(passages, commonWordSet(expandWordList(index.commonWords))),
  }
}

/** The offline answer to a question, from a prepared index. */
export function answerOffline(prepared: PreparedIndex, rawQuestion: string): SearchResult {
  const question = rawQuestion.trim()
  const { analysis, passages } = localRetrieval(question, prepared.passages, prepared.knowledge)
  const result = extractiveResult(prepare(question, analysis, passages, prepared.knowledge.stats, prepared.sheets))
  return {
    ...result,
    searchEngine: result.engine === 'scope' ? result.searchEngine : OFFLINE_ENGINE,
    roleSpecificNotes: [OFFLINE_NOTE, ...result.roleSpecificNotes],
  }
}
