import { z } from 'zod'
import { parseStation } from './stations'

/**
 * Field definitions for the UI and the zod building blocks that turn raw form strings into
 * numbers. Raw inputs arrive as they come from an HTML form or an input's `value`: strings,
 * possibly empty, possibly missing.
 *
 * An empty or missing required input produces a zod issue tagged `params.incomplete = true`
 * (message '<Label> is required'); `calculate()` maps any such issue to `reason: 'incomplete'`
 * so the UI shows nothing rather than an error while the inspector is still typing. Every other
 * issue is a real error with a message meant for the inspector.
 */

export type FieldType = 'text' | 'number' | 'select'
export type FieldInputMode = 'text' | 'decimal' | 'numeric'

export interface FieldOption {
  readonly value: string
  readonly label: string
}

export interface FieldDef {
  /** Key in the raw inputs record (and the form field name). */
  readonly name: string
  /** Visible label; includes the unit in parentheses where there is one. */
  readonly label: string
  readonly placeholder: string
  readonly unit?: string
  readonly inputMode: FieldInputMode
  readonly min?: number
  readonly max?: number
  /** 'any' lets a number input accept decimals on form submit (the browser default step is 1). */
  readonly step?: number | 'any'
  readonly type: FieldType
  readonly options?: readonly FieldOption[]
  /** Calculation waits for every required field. */
  readonly required: boolean
  /** Initial value for selects. */
  readonly defaultValue?: string
  /** Short help text shown under the input. */
  readonly hint?: string
}

/** Raw value of one input: a string, or missing. */
export const rawInput = z.string().optional()

type Ctx = z.core.$RefinementCtx<string | undefined>

export function isBlank(raw: string | undefined): raw is undefined | '' {
  return raw === undefined || raw.trim() === ''
}

/** Marks the input as missing: the calculator is not ready to run yet. */
export function addIncomplete(ctx: Ctx, label: string): void {
  ctx.addIssue({ code: 'custom', message: `${label} is required`, params: { incomplete: true } })
}

export function addInvalid(ctx: Ctx, message: string): void {
  ctx.addIssue({ code: 'custom', message })
}

export function isIncompleteIssue(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'custom' && issue.params?.['incomplete'] === true
}

/**
 * Decimal number text as an `<input type="number">` value can hold: optional sign, digits with
 * an optional fraction, optional exponent ('12', '-3.5', '.5', '1e3'). Surrounding blanks are
 * ignored. Anything else (thousands commas, units, '12abc', hex, 'Infinity') is not a number:
 * `Number()` alone would accept '0x10' and '', `parseFloat` would accept '12abc'.
 */
const NUMBER_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/

export function parseNumberText(raw: string): number | null {
  const text = raw.trim()
  if (!NUMBER_PATTERN.test(text)) return null
  const value = Number(text)
  return Number.isFinite(value) ? value : null
}

export interface NumberInputOptions {
  /** Negative values are refused with '<Label> cannot be negative'. */
  readonly nonNegative?: boolean
  /** Zero counts as not entered yet (spec: concrete dimensions, conversion input). */
  readonly zeroIsIncomplete?: boolean
}

/** Required number input. */
export function numberInput(label: string, options: NumberInputOptions = {}) {
  return rawInput.transform((raw, ctx): number => {
    if (isBlank(raw)) {
      addIncomplete(ctx, label)
      return z.NEVER
    }
    const value = parseNumberText(raw)
    if (value === null) {
      addInvalid(ctx, `${label} must be a number`)
      return z.NEVER
    }
    if (value === 0 && options.zeroIsIncomplete) {
      addIncomplete(ctx, label)
      return z.NEVER
    }
    if (value < 0 && options.nonNegative) {
      addInvalid(ctx, `${label} cannot be negative`)
      return z.NEVER
    }
    return value === 0 ? 0 : value // normalise '-0'
  })
}

/** Required station input ('23+50'), parsed to feet with `parseStation`. */
export function stationInput(label: string) {
  return rawInput.transform((raw, ctx): number => {
    if (isBlank(raw)) {
      addIncomplete(ctx, label)
      return z.NEVER
    }
    const feet = parseStation(raw)
    if (feet === null) {
      addInvalid(ctx, `${label} must be a station in whole feet, such as 23+50`)
      return z.NEVER
    }
    return feet
  })
}

/** Optional free text: trimmed, '' when missing. */
export function optionalTextInput(maxLength: number) {
  return rawInput.transform((raw) => (raw ?? '').trim().slice(0, maxLength))
}

/**
 * Select input. A missing or blank value falls back to the select's default (the UI always
 * starts on it); a value that is not one of the options is refused with `unknownMessage`.
 * `normalise` may map accepted spellings (e.g. '5' -> '#5') before the lookup.
 */
export function selectInput<const T extends string>(
  values: readonly T[],
  defaultValue: T,
  unknownMessage: (raw: string) => string,
  normalise: (raw: string) => string = (raw) => raw,
) {
  return rawInput.transform((raw, ctx): T => {
    if (isBlank(raw)) return defaultValue
    const candidate = normalise(raw.trim())
    const match = values.find((value) => value === candidate)
    if (match === undefined) {
      addInvalid(ctx, unknownMessage(raw.trim()))
      return z.NEVER
    }
    return match
  })
}
