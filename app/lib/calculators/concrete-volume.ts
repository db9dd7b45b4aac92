import { z } from 'zod'
import { figure, type Figure } from './figure'
import { numberInput, type FieldDef } from './inputs'

/**
 * Concrete volume: cubic yards = length x width x depth / 27 (2 decimals), all three in feet.
 * The spec runs the calculation only when all three are present and nonzero, so a zero
 * dimension counts as "not entered yet" (incomplete); negative dimensions are refused.
 * Depth is in FEET (8 in = 0.67 ft); the label and hint say so.
 */

const dimension = { inputMode: 'decimal', type: 'number', unit: 'ft', min: 0, step: 'any', required: true } as const

const F = {
  length: { ...dimension, name: 'length', label: 'Length (ft)', placeholder: '20' },
  width: { ...dimension, name: 'width', label: 'Width (ft)', placeholder: '12' },
  depth: {
    ...dimension,
    name: 'depth',
    label: 'Depth (ft)',
    placeholder: '0.67',
    hint: 'In feet: 4 in = 0.33 ft, 6 in = 0.5 ft, 8 in = 0.67 ft',
  },
} as const satisfies Record<string, FieldDef>

export const fields: readonly FieldDef[] = [F.length, F.width, F.depth]

const options = { nonNegative: true, zeroIsIncomplete: true } as const

export const schema = z.object({
  length: numberInput(F.length.label, options),
  width: numberInput(F.width.label, options),
  depth: numberInput(F.depth.label, options),
})

export type ConcreteVolumeInput = z.output<typeof schema>

export interface ConcreteVolumeResult {
  /** Main result. */
  readonly cubicYards: Figure
}

export const CUBIC_FEET_PER_CUBIC_YARD = 27

export function compute(input: ConcreteVolumeInput): ConcreteVolumeResult {
  const cubicYards = (input.length * input.width * input.depth) / CUBIC_FEET_PER_CUBIC_YARD
  return { cubicYards: figure('Concrete Volume', cubicYards, 'CY', 2) }
}
