/**
 * A result as the search engine stored it in history (searches.result), made whole again for the
 * results view, so '/?result=<id>' and the retry of a stored search show and use what was answered.
 * The JSON was written by this engine (entry.server.ts records `{ ...result }`), but an older engine may
 * have left fields out: a row without a question, an answer or a confidence is not a result this view
 * can show (null: /history/<id> reads any row defensively), and missing lists and fields get their
 * empty values. Pure.
 */
import { recordOf as record } from '../json-shape'
import { CONFIDENCE_LEVELS, type Confidence, type SearchResult } from './core/types'

const array = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : [])
const stringOr = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback)
const orNull = <T>(value: unknown): T | null => (value === undefined || value === null ? null : (value as T))

export function storedResultOf(id: string, stored: unknown): SearchResult | null {
  const data = record(stored)
  if (!data) return null
  const { query, answer, confidence } = data
  if (typeof query !== 'string' || typeof answer !== 'string') return null
  if (!CONFIDENCE_LEVELS.includes(confidence as Confidence)) return null
  const retry = record(data.retry)
  return {
    query,
    answer,
    confidence: confidence as Confidence,
    roleSpecificNotes: array<string>(data.roleSpecificNotes).filter((note) => typeof note === 'string'),
    isDiagnostic: data.isDiagnostic === true,
    diagnosticResult: orNull(data.diagnosticResult),
    fileName: typeof data.fileName === 'string' ? data.fileName : null,
    exactCitations: array(data.exactCitations),
    cheatSheetSuggestions: array<string>(data.cheatSheetSuggestions).filter((id) => typeof id === 'string'),
    calculationSuggestions: array<string>(data.calculationSuggestions).filter((id) => typeof id === 'string'),
    sources: array(data.sources),
    searchEngine: stringOr(data.searchEngine, ''),
    engine: data.engine === 'model' || data.engine === 'scope' ? data.engine : 'extractive',
    featureSuggestions: array(data.featureSuggestions),
    engagementText: stringOr(data.engagementText, ''),
    imageAnalysis: orNull(data.imageAnalysis),
    corrections: array(data.corrections),
    ...(retry && typeof retry.attempt === 'number' && typeof retry.added === 'string' ? { retry: { attempt: retry.attempt, added: retry.added } } : {}),
    searchId: id,
  }
}
