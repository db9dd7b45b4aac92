/**
 * The contracts between the parts of search: ingest fills `chunks`, retrieval turns a question into
 * ranked `Passage`s, the answer chain turns passages into a `SearchResult` (product-spec §3), and the
 * routes serve it. Shared by server and browser (no server imports here).
 */
import { z } from 'zod'

export const CONFIDENCE_LEVELS = ['high', 'medium', 'low', 'unknown'] as const
export type Confidence = (typeof CONFIDENCE_LEVELS)[number]

/** Longest question accepted (over it: 400). */
export const MAX_QUERY_CHARS = 1000

export const SPEC_BOOKS = ['2007', '2025', 'both'] as const
export type SpecBook = (typeof SPEC_BOOKS)[number]

/** §3 Search request. The client always sends userRole 'inspector' and specBook 'both' (§6). */
export const searchRequestSchema = z.object({
  query: z.string().trim().min(1, 'Please enter a question or upload an image').max(MAX_QUERY_CHARS, `Questions are limited to ${MAX_QUERY_CHARS} characters`),
  specBook: z.enum(SPEC_BOOKS).default('both'),
  userRole: z.string().trim().max(40).default('inspector'),
})
export type SearchRequest = z.infer<typeof searchRequestSchema>

/** §3 Retry request. */
export const retryRequestSchema = z.object({
  originalQuery: z.string().trim().min(1, 'Please enter a question or upload an image').max(MAX_QUERY_CHARS, `Questions are limited to ${MAX_QUERY_CHARS} characters`),
  originalAnswer: z.string().max(20_000).default(''),
  originalSources: z
    .array(z.object({ title: z.string().max(500).optional(), section: z.string().max(200).optional() }).passthrough())
    .max(50)
    .default([]),
  retryAttempt: z.coerce.number().int().min(0).max(100).default(0),
  specBook: z.enum(SPEC_BOOKS).default('both'),
  userRole: z.string().trim().max(40).default('inspector'),
})
export type RetryRequest = z.infer<typeof retryRequestSchema>

export interface ExactCitation {
  type: 'section' | 'drawing' | 'table' | 'other'
  /** What the user looks up: 'Section 401.4.2', 'Drawing G501', 'SC-T-29', 'Table 6H-3', with page when known. */
  reference: string
  /** The publication and edition: 'SCDOT Standard Specifications (2007)'. */
  documentType: string
  url: string
}

export interface SourceDocument {
  title: string
  section: string
  /** Where in the document: heading path, page range, table. */
  specificLocation: string
  relevance: 'primary' | 'reference'
  url: string
}

export const FEATURE_SUGGESTION_TYPES = [
  'form_filler',
  'document_scanner',
  'voice_search',
  'photo_analysis',
  'trends_analysis',
  'achievements',
] as const

export interface FeatureSuggestion {
  type: (typeof FEATURE_SUGGESTION_TYPES)[number]
  title: string
  description: string
  route: string
  formId?: string
  buttonText: string
}

/** Which engine wrote the answer; `searchEngine` in the result is its display name. */
export type AnswerEngine = 'extractive' | 'model' | 'scope'

/** §3 Search result, plus fields that say honestly how it was made. */
export interface SearchResult {
  query: string
  answer: string
  confidence: Confidence
  /** Inspector Tips. */
  roleSpecificNotes: string[]
  isDiagnostic: boolean
  /** Set by photo analysis with analysisType 'diagnostic' (§3 Diagnostic result). */
  diagnosticResult: DiagnosticResult | null
  /** Name of the analysed upload, as the user's file was called (display only). */
  fileName: string | null
  exactCitations: ExactCitation[]
  /** Cheat-sheet ids (corpus/cheat-sheets). */
  cheatSheetSuggestions: string[]
  /** Calculator ids (app/lib/calculators). */
  calculationSuggestions: string[]
  sources: SourceDocument[]
  /** 'Extractive (corpus passages)' or 'Chat model: <model> (citations checked)'. */
  searchEngine: string
  engine: AnswerEngine
  featureSuggestions: FeatureSuggestion[]
  engagementText: string
  /** Set by photo analysis (§3 Image analysis). */
  imageAnalysis: ImageAnalysis | null
  /** Spelling corrections applied to the question, shown to the user. */
  corrections: Array<{ from: string; to: string }>
  /** Set on a retry: attempt number and what the broader search added. */
  retry?: { attempt: number; added: string }
  /** Id in the user's history. */
  searchId?: string
}

// ---------------------------------------------------------------------------------------------------
// Photo and document analysis (§3 Diagnostic result, Image analysis; §7 POST /api/analyze-image)

export const ANALYSIS_TYPES = ['features', 'general', 'diagnostic'] as const
export type AnalysisType = (typeof ANALYSIS_TYPES)[number]

export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const
export type Severity = (typeof SEVERITIES)[number]

export const PRIORITIES = ['immediate', 'high', 'medium', 'low'] as const
export type RecommendationPriority = (typeof PRIORITIES)[number]

/**
 * Where a finding came from. 'text' = read from the image or PDF text (OCR/extraction), 'description' =
 * matched from the user's question, 'corpus' = the defect guide or specifications, 'model' = a vision
 * model's output (never presented as a finding of the product's own).
 */
export type FindingOrigin = 'text' | 'description' | 'corpus' | 'model'

export interface DetectedProblem {
  problem: string
  description: string
  severity: Severity
  causeLikely: string[]
  origin?: FindingOrigin
}

export interface DiagnosticRecommendation {
  action: string
  priority: RecommendationPriority
  /** An SCDOT reference the corpus confirms ('Section 401', 'SC-M-400'); '' when none is confirmed. */
  scdotReference: string
  /** Free text; the defect guide gives no cost figures, so this says so rather than inventing one. */
  estimatedCost: string
}

export interface RelatedSpec {
  specification: string
  section: string
  relevance: string
}

export interface DiagnosticResult {
  primaryIssue: string
  severity: Severity
  confidence: 'low' | 'medium' | 'high'
  /** Underscore words: 'asphalt_rutting'. */
  issueType: string
  detectedProblems: DetectedProblem[]
  recommendations: DiagnosticRecommendation[]
  inspectionChecklist: string[]
  preventiveMeasures: string[]
  relatedSpecs: RelatedSpec[]
}

export interface IdentifiedFeature {
  feature: string
  /** The specification or drawing that governs it, with its citation. */
  specifications: string
  /** 0 to 1. */
  confidence: number
  origin?: FindingOrigin
}

export interface ImageAnalysis {
  identifiedFeatures: IdentifiedFeature[]
  planDetails: {
    stationNumbers: string[]
    /** All found; the view shows the first 5. */
    annotations: string[]
    /** All found; the view shows the first 5. */
    elements: string[]
  }
  relevantSpecs: string[]
  recommendations: string[]
  /** Text read from the upload (OCR for images, extraction for PDFs), capped. */
  extractedText?: string
  /** How the text was read: 'ocr' | 'pdf-text' | 'none'. */
  textSource?: 'ocr' | 'pdf-text' | 'none'
  /** Plain statements about what was and was not done, e.g. that visual detection needs a vision model. */
  notices?: string[]
  /** Display name of the vision model whose output is merged, or null. */
  visionModel?: string | null
}

// ---------------------------------------------------------------------------------------------------
// Retrieval

export type RetrievalMode = 'fused' | 'fts' | 'vector'

export interface QueryAnalysis {
  original: string
  /** The question after spelling correction. */
  corrected: string
  corrections: Array<{ from: string; to: string }>
  /** Section, drawing, test and table numbers named in the question, lower case ('401.4', 'sc-t-29', 'g501'). */
  numbers: string[]
  /** Edition asked for in the question text ('2007 spec'), or null. */
  edition: '2007' | '2025' | null
  /** Words added from abbreviations and synonyms ('hma' -> 'hot mix asphalt'). */
  expansions: string[]
  /** A US state other than South Carolina named in the question, or null. */
  otherState: string | null
  /**
   * Stems of the question's words that appear nowhere in the corpus ('shiny', 'blacktop'): plain words the
   * corpus cannot be expected to hold, as opposed to corpus words missing from the passages found.
   * Empty when no vocabulary was given.
   */
  unknownStems?: string[]
}

export interface RetrievalOptions {
  mode?: RetrievalMode
  specBook?: SpecBook
  limit?: number
  /** Retry: a broader strategy (more candidates, looser full-text matching, neighbouring chunks). */
  broad?: boolean
  /** Chunks already shown (for a retry that must add something). */
  excludeChunkIds?: readonly string[]
}

export interface Passage {
  chunkId: string
  documentId: string
  /** documents.kind: spec-section, supplemental-spec, test-method, manual-note, federal, drawing, cheat-sheet, spec-book... */
  documentKind: string
  /** documents.title */
  documentTitle: string
  /** documents.document: the publication. */
  document: string
  edition: string | null
  section: string | null
  sectionTitle: string | null
  headingPath: string
  chunkKind: string
  text: string
  pageStart: number | null
  pageEnd: number | null
  /** Page labels the book prints ('401-3'), when it prints them: what a citation names. */
  pageLabelStart?: string | null
  pageLabelEnd?: string | null
  url: string | null
  topics: string[]
  scores: {
    /** ts_rank_cd, and the 1-based rank in the full-text list (null when not in it). */
    fts: number | null
    ftsRank: number | null
    /** cosine similarity, and the rank in the vector list. */
    vector: number | null
    vectorRank: number | null
    /** a number in the question matched this chunk's refs exactly. */
    exact: boolean
    /** reciprocal rank fusion score (with the exact-match boost). */
    fused: number
  }
}

export interface RetrievalResult {
  analysis: QueryAnalysis
  passages: Passage[]
  mode: RetrievalMode
  millis: number
}
