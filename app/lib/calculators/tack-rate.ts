import { z } from 'zod'
import { figure, type Figure } from './figure'
import { numberInput, stationInput, type FieldDef } from './inputs'

/**
 * Tack coat rate with temperature correction.
 * gallons used = total - remaining; multiplier = 1 - 0.000122 x (temp - 39) (5 decimals);
 * below 32 °F the multiplier is fixed at 1.02075; actual gallons = used x multiplier
 * (3 decimals); rate gal/SY = actual / square yards (4 decimals), square yards as for asphalt.
 *
 * Decisions (spec is silent):
 * - "above 200 the raw value" = the unclamped formula (201 °F -> 0.98024), basis
 *   'unclamped-above-200'. The temperature input carries min 32 / max 200, so only a form
 *   submit (`calculate(..., { mode: 'submit' })`) refuses 31 or 201; live calculation and
 *   `compute()` apply the rules above.
 * - A multiplier outside 0.95-1.05 (exclusive bounds, checked on the unrounded value) does not
 *   stop the calculation: the spec only logs a warning, and we also return it as `warning` so
 *   the UI can show or log it. It is reachable only above 200 °F: the formula drops below 0.95
 *   for temperatures above 448.8 °F (449 °F -> 0.94998) and would exceed 1.05 only below
 *   -370.8 °F, which the fixed 1.02075 below 32 °F pre-empts.
 * - Figures derive from unrounded intermediates; only displayed values are rounded.
 * - Note the spec's step at 32 °F: 31 °F -> 1.02075 but 32 °F -> 1.00085.
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
  totalGallons: {
    name: 'totalGallons',
    label: 'Total Gallons (start of shot)',
    placeholder: '500',
    unit: 'gal',
    inputMode: 'decimal',
    type: 'number',
    min: 0,
    step: 'any',
    required: true,
    hint: 'Distributor reading before the shot',
  },
  remainingGallons: {
    name: 'remainingGallons',
    label: 'Gallons Remaining (end of shot)',
    placeholder: '380',
    unit: 'gal',
    inputMode: 'decimal',
    type: 'number',
    min: 0,
    step: 'any',
    required: true,
    hint: 'Distributor reading after the shot',
  },
  temperature: {
    name: 'temperature',
    label: 'Tack Temperature (°F)',
    placeholder: '140',
    unit: '°F',
    inputMode: 'decimal',
    type: 'number',
    min: 32,
    max: 200,
    step: 'any',
    required: true,
    hint: '32 to 200 °F',
  },
} as const satisfies Record<string, FieldDef>

export const fields: readonly FieldDef[] = [
  F.startStation,
  F.endStation,
  F.width,
  F.totalGallons,
  F.remainingGallons,
  F.temperature,
]

export const schema = z.object({
  startStation: stationInput(F.startStation.label),
  endStation: stationInput(F.endStation.label),
  width: numberInput(F.width.label, { nonNegative: true }),
  totalGallons: numberInput(F.totalGallons.label, { nonNegative: true }),
  remainingGallons: numberInput(F.remainingGallons.label, { nonNegative: true }),
  temperature: numberInput(F.temperature.label),
})

export type TackRateInput = z.output<typeof schema>

export const TACK_BASE_TEMPERATURE_F = 39
export const TACK_COEFFICIENT_PER_F = 0.000122
export const TACK_FIXED_MULTIPLIER_BELOW_32F = 1.02075
export const TACK_MIN_TEMPERATURE_F = 32
export const TACK_MAX_TEMPERATURE_F = 200
export const TACK_MULTIPLIER_WARNING_RANGE = { min: 0.95, max: 1.05 } as const

export type TackMultiplierBasis = 'formula' | 'fixed-below-32' | 'unclamped-above-200'

/** Unrounded temperature multiplier and which rule produced it. */
export function tackMultiplier(temperatureF: number): { value: number; basis: TackMultiplierBasis } {
  if (temperatureF < TACK_MIN_TEMPERATURE_F) {
    return { value: TACK_FIXED_MULTIPLIER_BELOW_32F, basis: 'fixed-below-32' }
  }
  const value = 1 - TACK_COEFFICIENT_PER_F * (temperatureF - TACK_BASE_TEMPERATURE_F)
  return { value, basis: temperatureF > TACK_MAX_TEMPERATURE_F ? 'unclamped-above-200' : 'formula' }
}

export interface TackRateResult {
  readonly linearFeet: Figure
  readonly squareYards: Figure
  readonly gallonsUsed: Figure
  readonly multiplier: Figure
  readonly multiplierBasis: TackMultiplierBasis
  readonly actualGallons: Figure
  /** Main result. */
  readonly rate: Figure
  /** Set when the multiplier is outside 0.95-1.05; the calculation still stands. */
  readonly warning: string | null
}

export function compute(input: TackRateInput): TackRateResult {
  const linearFeet = Math.abs(input.endStation - input.startStation)
  const squareYards = (linearFeet * input.width) / 9
  const gallonsUsed = input.totalGallons - input.remainingGallons
  const multiplier = tackMultiplier(input.temperature)
  const actualGallons = gallonsUsed * multiplier.value
  const rate = squareYards > 0 ? actualGallons / squareYards : 0
  const multiplierFigure = figure('Temperature Multiplier', multiplier.value, '', 5)
  const { min, max } = TACK_MULTIPLIER_WARNING_RANGE
  const warning =
    multiplier.value < min || multiplier.value > max
      ? `Temperature multiplier ${multiplierFigure.text} is outside the expected range ${min}-${max}; check the tack temperature`
      : null
  return {
    linearFeet: figure('Linear Feet', linearFeet, 'ft', 0),
    squareYards: figure('Square Yards', squareYards, 'SY', 2),
    gallonsUsed: figure('Gallons Used', gallonsUsed, 'gal', 3),
    multiplier: multiplierFigure,
    multiplierBasis: multiplier.basis,
    actualGallons: figure('Actual Gallons', actualGallons, 'gal', 3),
    rate: figure('Application Rate', rate, 'gal/SY', 4),
    warning,
  }
}
