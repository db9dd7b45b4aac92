import { z } from 'zod'
import { figure, type Figure } from './figure'
import { numberInput, type FieldDef } from './inputs'

/**
 * Compaction percentage = field density / maximum density x 100 (1 decimal).
 * 95% or more: 'Meets standard (>=95%)', else 'Below standard (>=95%)'.
 *
 * Decisions: the verdict is taken on the displayed (1-decimal) percentage so the figure and
 * the verdict never disagree (94.95% displays 95.0% and meets; 94.94% displays 94.9% and is
 * below). A maximum density of 0 gives 0% (hidden by `shouldShowResult`) instead of Infinity.
 * Negative densities are refused.
 */

export const COMPACTION_STANDARD_PERCENT = 95
export const MEETS_STANDARD = 'Meets standard (>=95%)'
export const BELOW_STANDARD = 'Below standard (>=95%)'

const F = {
  fieldDensity: {
    name: 'fieldDensity',
    label: 'Field Density (pcf)',
    placeholder: '118.4',
    unit: 'pcf',
    inputMode: 'decimal',
    type: 'number',
    min: 0,
    step: 'any',
    required: true,
    hint: 'Dry density measured in the field',
  },
  maxDensity: {
    name: 'maxDensity',
    label: 'Maximum Density (pcf)',
    placeholder: '122.0',
    unit: 'pcf',
    inputMode: 'decimal',
    type: 'number',
    min: 0,
    step: 'any',
    required: true,
    hint: 'Maximum dry density from the Proctor',
  },
} as const satisfies Record<string, FieldDef>

export const fields: readonly FieldDef[] = [F.fieldDensity, F.maxDensity]

export const schema = z.object({
  fieldDensity: numberInput(F.fieldDensity.label, { nonNegative: true }),
  maxDensity: numberInput(F.maxDensity.label, { nonNegative: true }),
})

export type CompactionInput = z.output<typeof schema>

export interface CompactionResult {
  /** Main result. */
  readonly percent: Figure
  readonly meetsStandard: boolean
  readonly status: typeof MEETS_STANDARD | typeof BELOW_STANDARD
}

export function compute(input: CompactionInput): CompactionResult {
  const raw = input.maxDensity > 0 ? (input.fieldDensity / input.maxDensity) * 100 : 0
  const percent = figure('Compaction', raw, '%', 1)
  const meetsStandard = percent.value >= COMPACTION_STANDARD_PERCENT
  return { percent, meetsStandard, status: meetsStandard ? MEETS_STANDARD : BELOW_STANDARD }
}
