import { z } from 'zod'
import { figure, type Figure } from './figure'
import { numberInput, selectInput, type FieldDef } from './inputs'

/**
 * Unit conversions, result to 3 decimals: cubic feet to cubic yards (/27), °F to °C
 * ((F - 32) x 5/9), psi to MPa (x 0.00689476), feet to meters (x 0.3048),
 * pounds to kilograms (x 0.453592).
 *
 * Decisions: the spec runs the conversion only for a nonzero input, so 0 counts as "not
 * entered yet" (incomplete), even for 0 °F. Negative inputs are accepted (°F below zero).
 * A missing or blank conversion falls back to the select's default (cubic feet to cubic
 * yards); an unknown conversion is refused. The input figure keeps the decimals typed
 * (up to 6). Note that `shouldShowResult` (main result above zero) hides negative outputs,
 * e.g. 20 °F -> -6.667 °C; that follows the spec rule literally.
 */

export const CONVERSIONS = {
  'cubic-feet-to-cubic-yards': {
    label: 'Cubic feet to cubic yards',
    from: 'ft³',
    to: 'yd³',
    convert: (value: number) => value / 27,
  },
  'fahrenheit-to-celsius': {
    label: 'Fahrenheit to Celsius',
    from: '°F',
    to: '°C',
    convert: (value: number) => ((value - 32) * 5) / 9,
  },
  'psi-to-mpa': {
    label: 'PSI to MPa',
    from: 'psi',
    to: 'MPa',
    convert: (value: number) => value * 0.00689476,
  },
  'feet-to-meters': {
    label: 'Feet to meters',
    from: 'ft',
    to: 'm',
    convert: (value: number) => value * 0.3048,
  },
  'pounds-to-kilograms': {
    label: 'Pounds to kilograms',
    from: 'lb',
    to: 'kg',
    convert: (value: number) => value * 0.453592,
  },
} as const

export type ConversionId = keyof typeof CONVERSIONS
export const CONVERSION_IDS = Object.keys(CONVERSIONS) as ConversionId[]
export const DEFAULT_CONVERSION: ConversionId = 'cubic-feet-to-cubic-yards'
export const CONVERSION_DECIMALS = 3

export function unknownConversionMessage(conversion: string): string {
  return `Unknown conversion "${conversion}"`
}

const F = {
  conversion: {
    name: 'conversion',
    label: 'Conversion',
    placeholder: 'Choose a conversion',
    inputMode: 'text',
    type: 'select',
    options: CONVERSION_IDS.map((id) => ({ value: id, label: CONVERSIONS[id].label })),
    defaultValue: DEFAULT_CONVERSION,
    required: true,
  },
  value: {
    name: 'value',
    label: 'Value to Convert',
    placeholder: '100',
    inputMode: 'decimal',
    type: 'number',
    step: 'any',
    required: true,
  },
} as const satisfies Record<string, FieldDef>

export const fields: readonly FieldDef[] = [F.conversion, F.value]

export const schema = z.object({
  conversion: selectInput(CONVERSION_IDS, DEFAULT_CONVERSION, unknownConversionMessage),
  value: numberInput(F.value.label, { zeroIsIncomplete: true }),
})

export type UnitConversionInput = z.output<typeof schema>

export interface UnitConversionResult {
  readonly conversion: ConversionId
  readonly input: Figure
  /** Main result. */
  readonly output: Figure
}

/** Decimal places of a number as JavaScript prints it, capped at 6. */
function decimalPlaces(value: number): number {
  const [mantissa = '', exponent = '0'] = String(Math.abs(value)).split('e')
  const fraction = mantissa.split('.')[1]?.length ?? 0
  return Math.min(6, Math.max(0, fraction - Number(exponent)))
}

export function compute(input: UnitConversionInput): UnitConversionResult {
  const conversion = CONVERSIONS[input.conversion]
  return {
    conversion: input.conversion,
    input: figure('From', input.value, conversion.from, decimalPlaces(input.value)),
    output: figure('Result', conversion.convert(input.value), conversion.to, CONVERSION_DECIMALS),
  }
}
