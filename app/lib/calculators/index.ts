import type { z } from 'zod'
import * as asphaltRate from './asphalt-rate'
import * as compaction from './compaction'
import * as concreteVolume from './concrete-volume'
import type { FieldDef } from './inputs'
import { isIncompleteIssue } from './inputs'
import * as pipeGrade from './pipe-grade'
import * as randomCores from './random-cores'
import * as rebarWeight from './rebar-weight'
import * as tackRate from './tack-rate'
import * as unitConversion from './unit-conversion'

/**
 * The field-calculator catalogue and the single entry point the UI and the server use.
 *
 * - `calculate(id, rawInputs, { mode })` parses raw form strings with the calculator's zod
 *   schema and runs its pure `compute`. It returns `incomplete` while any required input is
 *   missing/blank (the UI shows nothing; this wins over any other problem), `invalid` with an
 *   inspector-facing message for a bad value, or the typed result.
 *   mode 'live' (default, as the inspector types) applies the spec rules only; mode 'submit'
 *   additionally enforces each number field's min/max as the browser would on form submit,
 *   which today only adds the tack temperature range 32-200 °F.
 * - `shouldShowResult(id, result)`: the main result must be above zero (pipe grade: nonzero).
 * - `searchCalculators(query)`: case-insensitive substring match of the whole trimmed query on
 *   name, description, keywords or category; a blank query returns all eight.
 * - `foundMessage(n, query)`: `Found ${n} calculator(s) matching "${query}"`, with straight
 *   double quotes around the query exactly as passed (callers pass what the inspector typed).
 */

export type { Figure } from './figure'
export { formatNumber } from './figure'
export type { FieldDef, FieldOption, FieldType, FieldInputMode } from './inputs'
export { roundTo } from './round'
export { formatStation, parseStation } from './stations'
export type { AsphaltRateResult } from './asphalt-rate'
export type { TackRateResult, TackMultiplierBasis } from './tack-rate'
export type { RandomCoresResult, CoreLocation } from './random-cores'
export { RANDOM_NUMBER_ALERT } from './random-cores'
export type { ConcreteVolumeResult } from './concrete-volume'
export type { CompactionResult } from './compaction'
export type { RebarWeightResult, RebarSize } from './rebar-weight'
export { REBAR_POUNDS_PER_FOOT, REBAR_SIZES, DEFAULT_REBAR_SIZE } from './rebar-weight'
export type { PipeGradeResult } from './pipe-grade'
export type { UnitConversionResult, ConversionId } from './unit-conversion'
export { CONVERSIONS, CONVERSION_IDS } from './unit-conversion'

export const CATEGORIES = [
  { name: 'Asphalt & Paving', chip: 'asphalt' },
  { name: 'Concrete & Materials', chip: 'concrete' },
  { name: 'Earthwork & Soil', chip: 'soil' },
  { name: 'Drainage & Utilities', chip: 'drainage' },
  { name: 'Quality Control', chip: 'quality' },
  { name: 'General Utilities', chip: 'conversion' },
] as const

export type CalculatorCategory = (typeof CATEGORIES)[number]['name']

import { CALCULATOR_IDS, type CalculatorId } from './ids'

export { CALCULATOR_IDS, type CalculatorId }

export interface CatalogueEntry {
  readonly id: CalculatorId
  readonly name: string
  readonly description: string
  readonly keywords: readonly string[]
  readonly category: CalculatorCategory
}

export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    id: 'asphalt-rate',
    name: 'Asphalt Application Rate',
    description: 'Spread rate in lbs/SY from station limits, paving width and tons placed.',
    keywords: ['asphalt', 'hma', 'paving', 'spread rate', 'yield', 'tonnage', 'lbs/sy', 'square yards'],
    category: 'Asphalt & Paving',
  },
  {
    id: 'tack-rate',
    name: 'Tack Coat Rate',
    description: 'Temperature-corrected tack application rate in gal/SY from distributor readings.',
    keywords: ['tack', 'tack coat', 'emulsion', 'distributor', 'gallons', 'gal/sy', 'temperature correction'],
    category: 'Asphalt & Paving',
  },
  {
    id: 'random-cores',
    name: 'Random Core Locations',
    description: 'Core stations for a lot from the SCDOT random number, one per equal section.',
    keywords: ['cores', 'coring', 'random number', 'density', 'lot', 'acceptance', 'asphalt cores', 'stations'],
    category: 'Quality Control',
  },
  {
    id: 'concrete-volume',
    name: 'Concrete Volume',
    description: 'Cubic yards of concrete from length, width and depth in feet.',
    keywords: ['concrete', 'pour', 'slab', 'cubic yards', 'cy', 'volume', 'yardage'],
    category: 'Concrete & Materials',
  },
  {
    id: 'compaction-percentage',
    name: 'Compaction Percentage',
    description: 'Percent compaction from field and maximum (Proctor) density against the 95% standard.',
    keywords: ['compaction', 'density', 'proctor', 'nuclear gauge', 'embankment', 'subgrade', '95%'],
    category: 'Earthwork & Soil',
  },
  {
    id: 'rebar-weight',
    name: 'Rebar Weight',
    description: 'Weight of reinforcing steel from bar size (#3 to #11) and length.',
    keywords: ['rebar', 'reinforcing steel', 'reinforcement', 'bar size', 'lbs/ft', 'steel'],
    category: 'Concrete & Materials',
  },
  {
    id: 'pipe-grade',
    name: 'Pipe Grade',
    description: 'Percent grade and fall of a pipe run from invert elevations and length.',
    keywords: ['pipe', 'culvert', 'storm drain', 'invert', 'slope', 'grade', 'fall'],
    category: 'Drainage & Utilities',
  },
  {
    id: 'unit-conversion',
    name: 'Unit Conversion',
    description: 'Convert cubic feet to cubic yards, °F to °C, psi to MPa, feet to meters, pounds to kilograms.',
    keywords: ['convert', 'conversion', 'units', 'metric', 'celsius', 'mpa', 'meters', 'kilograms'],
    category: 'General Utilities',
  },
]

// ---------------------------------------------------------------------------------------------

export type CalculationMode = 'live' | 'submit'

export type CalculationOutcome<R> =
  | { readonly ok: true; readonly result: R }
  | { readonly ok: false; readonly reason: 'incomplete' }
  | { readonly ok: false; readonly reason: 'invalid'; readonly message: string; readonly field?: string }

/** Raw inputs as they come from a form: strings, possibly empty or missing. */
export type RawInputs = Readonly<Record<string, string | undefined>>

type ShowRule = 'positive' | 'nonzero'

interface Calculator<R> {
  readonly fields: readonly FieldDef[]
  readonly run: (raw: RawInputs, mode: CalculationMode) => CalculationOutcome<R>
  readonly mainValue: (result: R) => number
  readonly showRule: ShowRule
}

function define<S extends z.ZodType<unknown, RawInputs>, R>(definition: {
  readonly schema: S
  readonly compute: (input: z.output<S>) => R
  readonly fields: readonly FieldDef[]
  readonly mainValue: (result: R) => number
  readonly showRule: ShowRule
}): Calculator<R> {
  const { schema, compute, fields, mainValue, showRule } = definition
  return {
    fields,
    mainValue,
    showRule,
    run(raw, mode) {
      const parsed = schema.safeParse(raw)
      if (!parsed.success) {
        const { issues } = parsed.error
        if (issues.some(isIncompleteIssue)) return { ok: false, reason: 'incomplete' }
        const first = issues[0]
        const field = first?.path[0]
        return {
          ok: false,
          reason: 'invalid',
          message: first?.message ?? 'Invalid input',
          ...(typeof field === 'string' ? { field } : {}),
        }
      }
      const data = parsed.data
      if (mode === 'submit') {
        const problem = checkRanges(fields, data as Record<string, unknown>)
        if (problem) return problem
      }
      return { ok: true, result: compute(data) }
    },
  }
}

/** Form-submit constraint validation for number fields with min/max. */
function checkRanges(
  fields: readonly FieldDef[],
  data: Record<string, unknown>,
): { ok: false; reason: 'invalid'; message: string; field: string } | null {
  for (const field of fields) {
    const value = data[field.name]
    if (field.type !== 'number' || typeof value !== 'number') continue
    const { min, max } = field
    if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
      const message =
        min !== undefined && max !== undefined
          ? `${field.label} must be between ${min} and ${max}`
          : min !== undefined
            ? `${field.label} must be at least ${min}`
            : `${field.label} must be at most ${max}`
      return { ok: false, reason: 'invalid', message, field: field.name }
    }
  }
  return null
}

const CALCULATORS = {
  'asphalt-rate': define({ ...asphaltRate, mainValue: (r) => r.rate.value, showRule: 'positive' }),
  'tack-rate': define({ ...tackRate, mainValue: (r) => r.rate.value, showRule: 'positive' }),
  'random-cores': define({ ...randomCores, mainValue: (r) => r.lotLength.value, showRule: 'positive' }),
  'concrete-volume': define({ ...concreteVolume, mainValue: (r) => r.cubicYards.value, showRule: 'positive' }),
  'compaction-percentage': define({ ...compaction, mainValue: (r) => r.percent.value, showRule: 'positive' }),
  'rebar-weight': define({ ...rebarWeight, mainValue: (r) => r.weight.value, showRule: 'positive' }),
  'pipe-grade': define({ ...pipeGrade, mainValue: (r) => r.grade.value, showRule: 'nonzero' }),
  'unit-conversion': define({ ...unitConversion, mainValue: (r) => r.output.value, showRule: 'positive' }),
} satisfies Record<CalculatorId, unknown>

type ResultOf<C> = C extends Calculator<infer R> ? R : never

export type ResultById = { [I in CalculatorId]: ResultOf<(typeof CALCULATORS)[I]> }

/** Same registry seen as a mapped type, so `BY_ID[id]` is `Calculator<ResultById[I]>` for a generic id. */
const BY_ID: { readonly [I in CalculatorId]: Calculator<ResultById[I]> } = CALCULATORS

export function isCalculatorId(value: unknown): value is CalculatorId {
  return typeof value === 'string' && (CALCULATOR_IDS as readonly string[]).includes(value)
}

export function getCatalogueEntry(id: CalculatorId): CatalogueEntry {
  const entry = CATALOGUE.find((candidate) => candidate.id === id)
  if (!entry) throw new Error(`No catalogue entry for ${id}`)
  return entry
}

/** The input definitions the UI renders for a calculator, in display order. */
export function getFields(id: CalculatorId): readonly FieldDef[] {
  return BY_ID[id].fields
}

/** Initial raw values for a calculator's form ('' for inputs, the default for selects); Reset restores these. */
export function initialInputs(id: CalculatorId): Record<string, string> {
  return Object.fromEntries(getFields(id).map((field) => [field.name, field.defaultValue ?? '']))
}

export function calculate<I extends CalculatorId>(
  id: I,
  rawInputs: RawInputs,
  options: { readonly mode?: CalculationMode } = {},
): CalculationOutcome<ResultById[I]> {
  if (!isCalculatorId(id)) return { ok: false, reason: 'invalid', message: `Unknown calculator "${String(id)}"` }
  const calculator: Calculator<ResultById[I]> = BY_ID[id]
  return calculator.run(rawInputs, options.mode ?? 'live')
}

/** Results show only when the main result is above zero (pipe grade: nonzero). */
export function shouldShowResult<I extends CalculatorId>(id: I, result: ResultById[I]): boolean {
  const calculator: Calculator<ResultById[I]> = BY_ID[id]
  const value = calculator.mainValue(result)
  return calculator.showRule === 'nonzero' ? value !== 0 && !Number.isNaN(value) : value > 0
}

export function searchCalculators(query: string): CatalogueEntry[] {
  const needle = query.trim().toLowerCase()
  if (needle === '') return [...CATALOGUE]
  return CATALOGUE.filter((entry) =>
    [entry.name, entry.description, entry.category, ...entry.keywords].some((text) =>
      text.toLowerCase().includes(needle),
    ),
  )
}

export function foundMessage(n: number, query: string): string {
  return `Found ${n} calculator(s) matching "${query}"`
}
