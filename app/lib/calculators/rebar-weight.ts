import { z } from 'zod'
import { figure, type Figure } from './figure'
import { numberInput, selectInput, type FieldDef } from './inputs'

/**
 * Rebar weight = length (ft) x unit weight (lbs/ft) for the bar size, 1 decimal.
 *
 * Decisions: a missing or blank size falls back to the default #5 (the select starts there);
 * '5' and '# 5' are accepted as '#5'; any other size is refused with a clear message.
 * Negative lengths are refused; a zero length gives 0 lbs (hidden by `shouldShowResult`).
 */

export const REBAR_POUNDS_PER_FOOT = {
  '#3': 0.376,
  '#4': 0.668,
  '#5': 1.043,
  '#6': 1.502,
  '#7': 2.044,
  '#8': 2.67,
  '#9': 3.4,
  '#10': 4.303,
  '#11': 5.313,
} as const

export type RebarSize = keyof typeof REBAR_POUNDS_PER_FOOT
export const REBAR_SIZES = Object.keys(REBAR_POUNDS_PER_FOOT) as RebarSize[]
export const DEFAULT_REBAR_SIZE: RebarSize = '#5'

export function unknownRebarSizeMessage(size: string): string {
  return `Unknown rebar size "${size}": choose a size from #3 to #11`
}

const F = {
  size: {
    name: 'size',
    label: 'Bar Size',
    placeholder: 'Choose a bar size',
    inputMode: 'text',
    type: 'select',
    options: REBAR_SIZES.map((size) => ({ value: size, label: `${size} (${REBAR_POUNDS_PER_FOOT[size]} lbs/ft)` })),
    defaultValue: DEFAULT_REBAR_SIZE,
    required: true,
  },
  length: {
    name: 'length',
    label: 'Total Length (ft)',
    placeholder: '100',
    unit: 'ft',
    inputMode: 'decimal',
    type: 'number',
    min: 0,
    step: 'any',
    required: true,
  },
} as const satisfies Record<string, FieldDef>

export const fields: readonly FieldDef[] = [F.size, F.length]

export const schema = z.object({
  size: selectInput(REBAR_SIZES, DEFAULT_REBAR_SIZE, unknownRebarSizeMessage, (raw) => {
    const compact = raw.replace(/\s+/g, '')
    return /^\d+$/.test(compact) ? `#${compact}` : compact
  }),
  length: numberInput(F.length.label, { nonNegative: true }),
})

export type RebarWeightInput = z.output<typeof schema>

export interface RebarWeightResult {
  readonly size: RebarSize
  readonly poundsPerFoot: Figure
  /** Main result. */
  readonly weight: Figure
}

export function compute(input: RebarWeightInput): RebarWeightResult {
  const poundsPerFoot = REBAR_POUNDS_PER_FOOT[input.size]
  return {
    size: input.size,
    poundsPerFoot: figure('Unit Weight', poundsPerFoot, 'lbs/ft', 3),
    weight: figure('Rebar Weight', input.length * poundsPerFoot, 'lbs', 1),
  }
}
