/**
 * Schemas for the product's own knowledge records (front matter of the Markdown files under corpus/).
 *
 * Three kinds of record:
 * - Drawing: corpus/drawings/<id>.md, one per built-in drawing id (plus the construction-manual record).
 * - Cheat sheet: corpus/cheat-sheets/<id>.md.
 * - Document catalogue: corpus/documents/catalogue.md.
 *
 * Honesty rules carried by the schema: every figure says what confirms it (`basis`), figures
 * confirmed by an SCDOT or national document carry a citation, and figures that no source confirmed
 * (`field-reference`) must tell the reader to verify them against the current SCDOT document.
 */
import { z } from 'zod'
import { PRIORITIES, SEVERITIES } from '../search/core/types'

/** Closing line of every record body: the product's verification notice. */
export const VERIFICATION_NOTICE = 'Verify against the current official SCDOT documents before use.'

/** Phrase a field-reference citation must contain (the value is the product's own, not an SCDOT requirement). */
export const FIELD_REFERENCE_NOTICE = 'verify against the current SCDOT standard drawing / specification'

export const CATALOGUE_NOTE = 'Documents are updated regularly. Always verify current versions on the official website.'

export const BASES = ['scdot', 'national', 'field-reference'] as const
export type Basis = (typeof BASES)[number]

/** Drawing series letters; 'CM' is the construction-manual record. */
export const DRAWING_SERIES = ['G', 'M', 'S', 'P', 'C', 'D', 'B', 'E', 'R', 'CM'] as const
export type DrawingSeries = (typeof DRAWING_SERIES)[number]

/** The built-in drawing record ids, in the product's order. */
export const DRAWING_IDS = [
  'drawing-g501',
  'drawing-m601',
  'construction-manual',
  'drawing-s104',
  'drawing-p401',
  'drawing-c501',
  'drawing-s101',
  'drawing-s102',
  'drawing-s103',
  'drawing-d601',
  'drawing-b501',
  'drawing-e501',
  'drawing-r501',
  'drawing-p402',
  'drawing-c502',
  'drawing-s105',
  'drawing-m602',
] as const

import { CALCULATOR_IDS, type CalculatorId } from '../calculators/ids'

export { CALCULATOR_IDS, type CalculatorId }

/** Document catalogue categories, in display order. */
export const CATEGORY_IDS = [
  'standard-specifications',
  'standard-drawings',
  'construction-manuals',
  'supplemental-specifications',
  'technical-references',
] as const

export const TAILWIND_HUES = [
  'slate', 'gray', 'zinc', 'neutral', 'stone', 'red', 'orange', 'amber', 'yellow', 'lime', 'green',
  'emerald', 'teal', 'cyan', 'sky', 'blue', 'indigo', 'violet', 'purple', 'fuchsia', 'pink', 'rose',
] as const

const text = z.string().trim().min(1)
const kebabId = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a kebab-case id')

/**
 * ISO calendar date (YYYY-MM-DD). YAML turns an unquoted date into a Date object, so a Date is
 * accepted and turned back into its ISO date.
 */
const isoDate = z.preprocess(
  (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value),
  z.iso.date(),
)

export const sourceSchema = z
  .object({
    title: text,
    url: z.url({ protocol: /^https?$/ }),
  })
  .strict()
export type Source = z.infer<typeof sourceSchema>

const citedFigureShape = {
  label: text,
  value: text,
  basis: z.enum(BASES),
  citation: z.string().trim(),
}

type CitedFigure = { basis: Basis; citation: string }

function checkCitation(figure: CitedFigure, ctx: z.RefinementCtx) {
  if (figure.basis === 'field-reference') {
    if (!figure.citation.toLowerCase().includes(FIELD_REFERENCE_NOTICE.toLowerCase())) {
      ctx.addIssue({
        code: 'custom',
        path: ['citation'],
        message: `a field-reference figure must say '${FIELD_REFERENCE_NOTICE}'`,
      })
    }
  } else if (figure.citation.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['citation'],
      message: `a figure with basis '${figure.basis}' needs the document, edition and section that confirm it`,
    })
  }
}

/** A figure on a drawing record; `critical` marks values whose failure means tear-out. */
export const measurementSchema = z
  .object({ ...citedFigureShape, critical: z.boolean() })
  .strict()
  .superRefine(checkCitation)
export type Measurement = z.infer<typeof measurementSchema>

/** A figure on a cheat sheet (same value and citation as on the drawing it comes from). */
export const keyMeasurementSchema = z.object(citedFigureShape).strict().superRefine(checkCitation)
export type KeyMeasurement = z.infer<typeof keyMeasurementSchema>

export const drawingSchema = z
  .object({
    id: z.string().regex(/^(?:drawing-[a-z]\d{3}|construction-manual)$/, "must be 'drawing-<letter><3 digits>' or 'construction-manual'"),
    kind: z.enum(['drawing', 'manual']),
    title: text,
    description: text,
    series: z.enum(DRAWING_SERIES),
    category: text,
    /** Date this record was last reviewed against its cited sources (not the date of any SCDOT drawing). */
    lastUpdated: isoDate,
    topics: z.array(text).min(1),
    /** Which official SCDOT document or drawing series to consult; series numbers not confirmed say so. */
    officialReference: text,
    measurements: z.array(measurementSchema).min(1),
    /** Section name to self-contained statements; a statement that states a figure ends with its citation in brackets. */
    specifications: z.record(text, z.array(text).min(1)),
    specSections: z.array(text),
    warnings: z.array(text),
    sources: z.array(sourceSchema).min(1),
  })
  .strict()
  .superRefine((drawing, ctx) => {
    const isManual = drawing.id === 'construction-manual'
    if (isManual !== (drawing.kind === 'manual') || isManual !== (drawing.series === 'CM')) {
      ctx.addIssue({
        code: 'custom',
        path: ['kind'],
        message: "only the 'construction-manual' record has kind 'manual' and series 'CM'",
      })
    }
    if (!isManual && drawing.id.charAt('drawing-'.length).toUpperCase() !== drawing.series) {
      ctx.addIssue({
        code: 'custom',
        path: ['series'],
        message: `series '${drawing.series}' does not match the id letter of '${drawing.id}'`,
      })
    }
  })
export type DrawingFrontMatter = z.infer<typeof drawingSchema>

/** Markdown body of a record: short notes for search indexing ending with the verification notice. */
export const recordBodySchema = z
  .string()
  .trim()
  .min(1, 'the record needs a body of notes')
  .refine((body) => body.endsWith(VERIFICATION_NOTICE), {
    message: `the body must end with '${VERIFICATION_NOTICE}'`,
  })

/** A drawing record as loaded: front matter plus its Markdown notes. */
export type Drawing = DrawingFrontMatter & { notes: string }

export const cheatSheetSchema = z
  .object({
    id: kebabId,
    title: text,
    topic: text,
    /** Words a question on the topic uses; maps a named topic to this sheet. */
    keywords: z.array(text).min(1),
    keyMeasurements: z.array(keyMeasurementSchema).min(1),
    criticalChecks: z.array(text).min(1),
    drawingSpecs: z.array(z.object({ drawingId: text, note: text }).strict()),
    relatedCalculators: z.array(z.enum(CALCULATOR_IDS)),
    specSections: z.array(text),
    sources: z.array(sourceSchema).min(1),
  })
  .strict()
export type CheatSheetFrontMatter = z.infer<typeof cheatSheetSchema>
export type CheatSheet = CheatSheetFrontMatter & { notes: string }

export const documentCardSchema = z
  .object({
    id: kebabId,
    title: text,
    description: text,
    url: z.url({ protocol: /^https?$/ }),
    /** In-app detail view key (a drawing id or 'construction-manual'), pushed into the URL hash. */
    anchor: z.string().regex(/^(?:drawing-[a-z]\d{3}|construction-manual)$/).optional(),
    isNew: z.boolean().optional(),
    /** Opens the in-app detail view keyed by `anchor` instead of the external page. */
    isSpecific: z.boolean().optional(),
  })
  .strict()
  .superRefine((card, ctx) => {
    if (card.isSpecific && !card.anchor) {
      ctx.addIssue({ code: 'custom', path: ['anchor'], message: 'an isSpecific card needs an anchor' })
    }
  })
export type DocumentCard = z.infer<typeof documentCardSchema>

export const documentCategorySchema = z
  .object({
    id: z.enum(CATEGORY_IDS),
    title: text,
    /** A lucide-react icon name, e.g. 'BookOpen'. */
    icon: z.string().regex(/^[A-Z][A-Za-z0-9]*$/, 'must be a lucide icon name in PascalCase'),
    color: z.enum(TAILWIND_HUES),
    documents: z.array(documentCardSchema).min(1),
  })
  .strict()
export type DocumentCategory = z.infer<typeof documentCategorySchema>

export const emergencyContactSchema = z
  .object({ label: text, phone: text, note: text.optional() })
  .strict()
export type EmergencyContact = z.infer<typeof emergencyContactSchema>

export const documentCatalogueSchema = z
  .object({
    categories: z.array(documentCategorySchema).length(CATEGORY_IDS.length),
    emergency: z.object({ title: text, contacts: z.array(emergencyContactSchema).min(1) }).strict(),
    note: z.literal(CATALOGUE_NOTE),
  })
  .strict()
  .superRefine((catalogue, ctx) => {
    catalogue.categories.forEach((category, index) => {
      if (category.id !== CATEGORY_IDS[index]) {
        ctx.addIssue({
          code: 'custom',
          path: ['categories', index, 'id'],
          message: `category ${index + 1} must be '${CATEGORY_IDS[index]}'`,
        })
      }
    })
    const seen = new Set<string>()
    catalogue.categories.forEach((category, ci) =>
      category.documents.forEach((card, di) => {
        if (seen.has(card.id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['categories', ci, 'documents', di, 'id'],
            message: `duplicate document id '${card.id}'`,
          })
        }
        seen.add(card.id)
      }),
    )
  })
export type DocumentCatalogue = z.infer<typeof documentCatalogueSchema>

// ---------------------------------------------------------------------------------------------------
// Defect guide (corpus/defects/<id>.md, kind 'defect'): common field defects matched by photo and
// document analysis (app/lib/analysis). Causes, checks and measures are general practice in our own
// words; an SCDOT reference ('Section 401 (2007)', 'SC-M-400', 'SC-T-30', 'Drawing G501') is one the
// corpus already holds as confirmed, or '' when none is confirmed. No cost figures.


export const DEFECT_CATEGORIES = [
  'asphalt',
  'concrete',
  'drainage',
  'guardrail',
  'pavement markings',
  'earthwork',
  'bridge deck',
] as const
export type DefectCategory = (typeof DEFECT_CATEGORIES)[number]

export const defectRecommendationSchema = z
  .object({ action: text, priority: z.enum(PRIORITIES), scdotReference: z.string().trim() })
  .strict()

export const defectRelatedSpecSchema = z
  .object({ specification: text, section: z.string().trim(), relevance: text })
  .strict()

export const defectSchema = z
  .object({
    id: z.string().regex(/^defect-[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be 'defect-<kebab-case slug>'"),
    kind: z.literal('defect'),
    title: text,
    category: z.enum(DEFECT_CATEGORIES),
    /** Underscore words, e.g. 'asphalt_alligator_cracking'. */
    issueType: z.string().regex(/^[a-z0-9]+(?:_[a-z0-9]+)+$/, 'must be underscore words'),
    /** Typical severity when the defect is found. */
    severity: z.enum(SEVERITIES),
    /** Names an inspector would type or a plan or photo label would carry. */
    keywords: z.array(text).min(3),
    /** What the defect looks like, in plain words. */
    symptoms: z.array(text).min(2),
    likelyCauses: z.array(text).min(2),
    recommendations: z.array(defectRecommendationSchema).min(2),
    inspectionChecklist: z.array(text).min(3),
    preventiveMeasures: z.array(text).min(2),
    relatedSpecs: z.array(defectRelatedSpecSchema),
    topics: z.array(text).min(1),
    url: z.url({ protocol: /^https?$/ }),
    sources: z.array(sourceSchema).min(1),
    /** True when every SCDOT reference in the record is one the corpus confirms. */
    confirmed: z.boolean(),
    lastUpdated: isoDate,
  })
  .strict()
export type DefectFrontMatter = z.infer<typeof defectSchema>
export type Defect = DefectFrontMatter & { notes: string }
