import { loadingMessages } from '~/lib/search/loading-messages'
import type { AnalysisType, SearchResult } from '~/lib/search/core/types'
import { searchToast } from './search-messages'

/** Photo analysis texts (product-spec §2 'Photo mode', §4 'Search', §8). Pure. */

export const ANALYSIS_OPTIONS: ReadonlyArray<{ value: AnalysisType; label: string; hint: string }> = [
  { value: 'features', label: 'What is this?', hint: 'Stations, notes and plan elements, with the specifications that govern them' },
  { value: 'general', label: 'General Analysis', hint: 'Everything the text of the image or document shows, matched to the specifications' },
  { value: 'diagnostic', label: 'Problem Diagnosis', hint: 'Describe the defect: likely causes, severity and what to do, from the defect guide' },
]

export const DEFAULT_ANALYSIS_TYPE: AnalysisType = 'features'

export function parseAnalysisType(value: unknown): AnalysisType {
  return value === 'general' || value === 'diagnostic' || value === 'features' ? value : DEFAULT_ANALYSIS_TYPE
}

export const PHOTO_TOASTS = {
  failed: { title: 'Image analysis failed', description: 'Please try again', variant: 'destructive' },
  diagnostic: { title: 'Diagnostic Analysis Complete' },
} as const

/** The success toast for an analysis: the diagnostic one names the primary issue it found. */
export function photoSuccessToast(result: SearchResult): { title: string; description?: string } {
  if (result.isDiagnostic || result.diagnosticResult) {
    const issue = result.diagnosticResult?.primaryIssue
    return issue ? { ...PHOTO_TOASTS.diagnostic, description: `Primary issue: ${issue}` } : PHOTO_TOASTS.diagnostic
  }
  return searchToast(result)
}

export function photoFailureToast(message: string) {
  return { ...PHOTO_TOASTS.failed, description: message || PHOTO_TOASTS.failed.description }
}

/** What each analysis really does, step by step (OCR or PDF text, then the corpus). */
const TYPE_MESSAGES: Record<AnalysisType, string[]> = {
  features: [
    'Reading the text in your file (OCR for photos, text extraction for PDFs)...',
    'Picking out station numbers, notes and plan elements...',
    'Matching what was found to SCDOT specifications and drawings...',
  ],
  general: [
    'Reading the text in your file (OCR for photos, text extraction for PDFs)...',
    'Searching the specifications for what the text mentions...',
    'Gathering exact citations and source links...',
  ],
  diagnostic: [
    'Reading your description of the problem...',
    'Matching it against the defect guide (causes, severity, repairs)...',
    'Checking the SCDOT references for each recommendation...',
  ],
}

/** Topic messages for the question (the text search's own, without its general steps). */
function topicalMessages(query: string): string[] {
  if (!query.trim()) return []
  const general = loadingMessages('').length
  const all = loadingMessages(query)
  return all.slice(0, all.length - general)
}

/** The loading panel's messages for a photo analysis: the analysis type's steps, then the question's topics. */
export function photoLoadingMessages(analysisType: AnalysisType, query: string): string[] {
  const [first, ...rest] = TYPE_MESSAGES[analysisType]
  return [first!, ...topicalMessages(query), ...rest]
}
