import { z } from 'zod'
import { figure, type Figure } from './figure'
import { numberInput, stationInput, type FieldDef } from './inputs'

/**
 * Asphalt application (spread) rate.
 * linear feet = |end station - start station|; square yards = feet x width / 9 (2 decimals);
 * rate lbs/SY = tonnage x 2000 / square yards (2 decimals).
 *
 * Decisions: the rate is computed from the unrounded square yards (only displayed figures are
 * rounded); stations may be entered in either order; zero square yards gives rate 0 instead of
 * Infinity, so `shouldShowResult` hides it (results show only when the rate is above zero).
 */

const F = {
  startStation: {
    name: 'startStation',
    label: 'Start Station',
    placeholder: '23+50',
    inputMode: 'text',
    type: 'text',
    required: true,
    hint: 'Station as hundreds + feet, e.g. 23+50',
  },
  endStation: {
    name: 'endStation',
    label: 'End Station',
    placeholder: '28+75',
    inputMode: 'text',
    type: 'text',
    required: true,
  },
  width: {
    name: 'width',
    label: 'Width (ft)',
    placeholder: '12',
    unit: 'ft',
    inputMode: 'decimal',
    type: 'number',
    min: 0,
    step: 'any',
    required: true,
  },
  tonnage: {
    name: 'tonnage',
    label: 'Tonnage (tons)',
    placeholder: '45.2',
    unit: 'tons',
    inputMode: 'decimal',
    type: 'number',
    min: 0,
    step: 'any',
    required: true,
    hint: 'Total tons placed between the stations',
  },
} as const satisfies Record<string, FieldDef>

export const fields: readonly FieldDef[] = [F.startStation, F.endStation, F.width, F.tonnage]

export const schema = z.object({
  startStation: stationInput(F.startStation.label),
  endStation: stationInput(F.endStation.label),
  width: numberInput(F.width.label, { nonNegative: true }),
  tonnage: numberInput(F.tonnage.label, { nonNegative: true }),
})

export type AsphaltRateInput = z.output<typeof schema>

export interface AsphaltRateResult {
  readonly linearFeet: Figure
  readonly squareYards: Figure
  /** Main result. */
  readonly rate: Figure
}

export const POUNDS_PER_TON = 2000
export const SQUARE_FEET_PER_SQUARE_YARD = 9

export function compute(input: AsphaltRateInput): AsphaltRateResult {
  const linearFeet = Math.abs(input.endStation - input.startStation)
  const squareYards = (linearFeet * input.width) / SQUARE_FEET_PER_SQUARE_YARD
  const rate = squareYards > 0 ? (input.tonnage * POUNDS_PER_TON) / squareYards : 0
  return {
    linearFeet: figure('Linear Feet', linearFeet, 'ft', 0),
    squareYards: figure('Square Yards', squareYards, 'SY', 2),
    rate: figure('Application Rate', rate, 'lbs/SY', 2),
  }
}
