import { z } from 'zod'
import { figure, type Figure } from './figure'
import {
  addIncomplete,
  addInvalid,
  isBlank,
  optionalTextInput,
  parseNumberText,
  rawInput,
  stationInput,
  type FieldDef,
} from './inputs'
import { roundTo } from './round'
import { formatStation } from './stations'

/**
 * Random core locations for a lot.
 * lot length = |lot end - lot start| (feet from stations); length <= 1000 ft -> 2 cores,
 * otherwise ceil(length / 500); the lot is cut into equal sections, one core per section;
 * offset in section = random number / 1000 x section length;
 * station = lot start + section start + offset, rounded to the foot and formatted '23+50';
 * label = (text location, or 'Section n') + ' + <offset> ft'.
 *
 * Decisions (spec is silent or inconsistent):
 * - The random number is accepted as a whole number 1-999 (anything else, including non-numeric
 *   text, gets the exact alert `RANDOM_NUMBER_ALERT`) and is ALWAYS divided by 1000, as the
 *   spec's formula says. The input hints "1-50 from table" (the SCDOT random number table); a
 *   table value such as 37 is simply read as 37/1000 of the section. Both readings stand.
 * - The offset is reported in whole feet (like the station); the station is computed from the
 *   unrounded position, as a single division so exact half-foot positions round correctly.
 * - A lot entered from high to low station (end < start) is walked from the lot start toward
 *   the lot end, i.e. stations decrease; for ascending lots this is exactly the spec formula.
 * - The main result (for `shouldShowResult`) is the lot length: a zero-length lot shows nothing.
 * - With a text location every core gets the same text ('Left wheel path + 12 ft'); the core
 *   number and section stay available on each location.
 */

export const RANDOM_NUMBER_ALERT = 'SCDOT Random Number must be a whole number between 1 and 999'
export const RANDOM_NUMBER_MIN = 1
export const RANDOM_NUMBER_MAX = 999
export const RANDOM_NUMBER_DIVISOR = 1000
export const TEXT_LOCATION_MAX_LENGTH = 80

const F = {
  lotStart: {
    name: 'lotStart',
    label: 'Lot Start Station',
    placeholder: '10+00',
    inputMode: 'text',
    type: 'text',
    required: true,
    hint: 'Station as hundreds + feet, e.g. 10+00',
  },
  lotEnd: {
    name: 'lotEnd',
    label: 'Lot End Station',
    placeholder: '36+00',
    inputMode: 'text',
    type: 'text',
    required: true,
  },
  randomNumber: {
    name: 'randomNumber',
    label: 'SCDOT Random Number (1-50 from table)',
    placeholder: '1-50',
    inputMode: 'numeric',
    type: 'number',
    min: RANDOM_NUMBER_MIN,
    max: RANDOM_NUMBER_MAX,
    step: 1,
    required: true,
    hint: 'Whole number from the SCDOT random number table; it is used as number / 1000 of each section',
  },
  textLocation: {
    name: 'textLocation',
    label: 'Text Location (optional)',
    placeholder: 'e.g. Left wheel path',
    inputMode: 'text',
    type: 'text',
    required: false,
  },
} as const satisfies Record<string, FieldDef>

export const fields: readonly FieldDef[] = [F.lotStart, F.lotEnd, F.randomNumber, F.textLocation]

/** Whole number 1-999 or the exact SCDOT alert; blank means not entered yet. */
const randomNumberInput = rawInput.transform((raw, ctx): number => {
  if (isBlank(raw)) {
    addIncomplete(ctx, F.randomNumber.label)
    return z.NEVER
  }
  const value = parseNumberText(raw)
  if (value === null || !Number.isInteger(value) || value < RANDOM_NUMBER_MIN || value > RANDOM_NUMBER_MAX) {
    addInvalid(ctx, RANDOM_NUMBER_ALERT)
    return z.NEVER
  }
  return value
})

export const schema = z.object({
  lotStart: stationInput(F.lotStart.label),
  lotEnd: stationInput(F.lotEnd.label),
  randomNumber: randomNumberInput,
  textLocation: optionalTextInput(TEXT_LOCATION_MAX_LENGTH),
})

export type RandomCoresInput = z.output<typeof schema>

export interface CoreLocation {
  /** 1-based core number, equal to its section number. */
  readonly core: number
  readonly section: number
  /** Formatted station, e.g. '11+08'. */
  readonly station: string
  /** Station in whole feet. */
  readonly stationFeet: number
  /** Offset from the start of the section, whole feet. */
  readonly offset: number
  /** Display label: '<text location or Section n> + <offset> ft'. */
  readonly textLocation: string
}

export interface RandomCoresResult {
  /** Main result. */
  readonly lotLength: Figure
  readonly coreCount: number
  readonly sectionLength: Figure
  readonly randomNumber: number
  readonly cores: readonly CoreLocation[]
}

/** 2 cores up to and including 1000 ft, otherwise one per started 500 ft. */
export function coreCount(lotLengthFeet: number): number {
  return lotLengthFeet <= 1000 ? 2 : Math.ceil(lotLengthFeet / 500)
}

export function compute(input: RandomCoresInput): RandomCoresResult {
  const { lotStart, lotEnd, randomNumber, textLocation } = input
  const length = Math.abs(lotEnd - lotStart)
  const direction = lotEnd < lotStart ? -1 : 1
  const count = coreCount(length)
  const denominator = count * RANDOM_NUMBER_DIVISOR
  const offset = roundTo((length * randomNumber) / denominator, 0)
  const cores = Array.from({ length: count }, (_, index): CoreLocation => {
    const section = index + 1
    // section start + offset = length x (index + n/1000) / count, as one division.
    const fromLotStart = (length * (index * RANDOM_NUMBER_DIVISOR + randomNumber)) / denominator
    const stationFeet = roundTo(lotStart + direction * fromLotStart, 0)
    return {
      core: section,
      section,
      station: formatStation(stationFeet),
      stationFeet,
      offset,
      textLocation: `${textLocation === '' ? `Section ${section}` : textLocation} + ${offset} ft`,
    }
  })
  return {
    lotLength: figure('Lot Length', length, 'ft', 0),
    coreCount: count,
    sectionLength: figure('Section Length', length / count, 'ft', 2),
    randomNumber,
    cores,
  }
}
