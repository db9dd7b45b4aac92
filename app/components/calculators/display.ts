import {
  calculate,
  CALCULATOR_IDS,
  CATEGORIES,
  getFields,
  initialInputs,
  isCalculatorId,
  shouldShowResult,
  type CalculationOutcome,
  type CalculatorId,
  type RawInputs,
  type ResultById,
} from '~/lib/calculators'
import { parseNumberText } from '~/lib/calculators/inputs'

/**
 * Pure helpers between the calculator modules and the screen: what a card shows for an outcome,
 * the page's per-card state, and the search chips. Shared by the route's action (server) and the
 * cards (browser), so a page without JavaScript shows exactly what the live page shows.
 */

export const PAGE_PATH = '/field-calculations'
/** Session-storage key the search results use to send the inspector to one calculator (spec §2). */
export const TARGET_STORAGE_KEY = 'targetCalculation'
/** Spec §9: scroll-to 100 ms. */
export const SCROLL_DELAY_MS = 100
export const MAX_QUERY_LENGTH = 100

export type AnyOutcome = CalculationOutcome<ResultById[CalculatorId]>
export type TaggedResult = { [I in CalculatorId]: { readonly id: I; readonly result: ResultById[I] } }[CalculatorId]

export type CardDisplay =
  | { readonly kind: 'none' }
  | { readonly kind: 'result'; readonly tagged: TaggedResult }
  | { readonly kind: 'error'; readonly message: string; readonly field?: string }
  | { readonly kind: 'note'; readonly message: string }

export const ZERO_RESULT_NOTE = 'Nothing to show: the result works out to zero. Check the inputs.'

export function tagResult<I extends CalculatorId>(id: I, result: ResultById[I]): TaggedResult {
  return { id, result } as TaggedResult
}

/**
 * Whether a computed result is shown. The spec shows a result only when its main figure is above
 * zero (pipe grade: nonzero), which `shouldShowResult` implements.
 *
 * Deliberate departure for unit conversion (lead's decision): read literally, 'above zero' would
 * hide 20 °F -> -6.667 °C, a valid answer, and an inspector would take the blank for an error.
 * The conversion module already treats a zero input as not entered, so every conversion it
 * computes is shown, negative or zero outputs included (32 °F -> 0.000 °C).
 */
export function showsResult(tagged: TaggedResult): boolean {
  if (tagged.id === 'unit-conversion') return true
  return shouldShowResult(tagged.id, tagged.result)
}

/** Labels of the required inputs that are still blank (selects fall back to their default). */
export function blankFieldLabels(id: CalculatorId, inputs: RawInputs): string[] {
  return getFields(id)
    .filter((field) => field.required && field.type !== 'select' && (inputs[field.name] ?? '').trim() === '')
    .map((field) => field.label)
}

function listOf(labels: readonly string[]): string {
  if (labels.length <= 1) return labels.join('')
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`
}

/** Shown when Calculate is pressed before every input is there. */
export function incompleteMessage(id: CalculatorId, inputs: RawInputs): string {
  const blanks = blankFieldLabels(id, inputs)
  if (blanks.length > 0) return `Enter ${listOf(blanks)} to calculate.`
  // Nothing blank, so a zero counted as 'not entered' (concrete dimensions, conversion value).
  const zeros = getFields(id)
    .filter((field) => field.type === 'number' && parseNumberText(inputs[field.name] ?? '') === 0)
    .map((field) => field.label)
  return zeros.length > 0 ? `Enter a value other than zero for ${listOf(zeros)}.` : 'Fill in every input to calculate.'
}

/**
 * What a card shows. While typing (not submitted) an incomplete form and a zero result show
 * nothing, as the spec says; after Calculate they get a short explanation instead of silence.
 */
export function describeOutcome(
  id: CalculatorId,
  outcome: AnyOutcome,
  inputs: RawInputs,
  submitted: boolean,
): CardDisplay {
  if (!outcome.ok) {
    if (outcome.reason === 'invalid') {
      return { kind: 'error', message: outcome.message, ...(outcome.field ? { field: outcome.field } : {}) }
    }
    return submitted ? { kind: 'note', message: incompleteMessage(id, inputs) } : { kind: 'none' }
  }
  const tagged = tagResult(id, outcome.result)
  if (showsResult(tagged)) return { kind: 'result', tagged }
  return submitted ? { kind: 'note', message: ZERO_RESULT_NOTE } : { kind: 'none' }
}

export function computeOutcome(id: CalculatorId, inputs: RawInputs, submitted: boolean): AnyOutcome {
  return calculate(id, inputs, { mode: submitted ? 'submit' : 'live' })
}

// --- per-card page state --------------------------------------------------------------------------

export interface CardState {
  readonly inputs: Readonly<Record<string, string>>
  /** Calculate was pressed since the last edit: form-submit rules apply and silence is explained. */
  readonly submitted: boolean
  /** The outcome the server's action computed for these exact inputs (page posted without JavaScript). */
  readonly serverOutcome?: AnyOutcome
}

export type CardsState = Readonly<Record<CalculatorId, CardState>>

export type CardsAction =
  | { readonly type: 'input'; readonly id: CalculatorId; readonly name: string; readonly value: string }
  | { readonly type: 'submit'; readonly id: CalculatorId }
  | { readonly type: 'reset'; readonly id: CalculatorId }

export interface PostedCard {
  readonly calculator: CalculatorId
  readonly inputs: Record<string, string>
  readonly submitted: boolean
  readonly outcome: AnyOutcome | null
}

export function initialCardsState(posted?: PostedCard | null): CardsState {
  const state = Object.fromEntries(
    CALCULATOR_IDS.map((id): [CalculatorId, CardState] => [id, { inputs: initialInputs(id), submitted: false }]),
  ) as Record<CalculatorId, CardState>
  if (posted && isCalculatorId(posted.calculator)) {
    state[posted.calculator] = {
      inputs: { ...initialInputs(posted.calculator), ...posted.inputs },
      submitted: posted.submitted,
      ...(posted.outcome ? { serverOutcome: posted.outcome } : {}),
    }
  }
  return state
}

export function cardsReducer(state: CardsState, action: CardsAction): CardsState {
  const card = state[action.id]
  switch (action.type) {
    case 'input':
      return { ...state, [action.id]: { inputs: { ...card.inputs, [action.name]: action.value }, submitted: false } }
    case 'submit':
      return { ...state, [action.id]: { inputs: card.inputs, submitted: true } }
    case 'reset':
      return { ...state, [action.id]: { inputs: initialInputs(action.id), submitted: false } }
  }
}

// --- search chips ---------------------------------------------------------------------------------

export interface Chip {
  readonly label: string
  readonly query: string
}

export const CHIPS: readonly Chip[] = [
  ...CATEGORIES.map((category) => ({ label: category.name, query: category.chip })),
  { label: 'Show All', query: '' },
]

/** The no-JavaScript address of a search: `/field-calculations?q=asphalt`, or the bare page for ''. */
export function searchHref(query: string): string {
  const trimmed = query.trim()
  return trimmed === '' ? PAGE_PATH : `${PAGE_PATH}?${new URLSearchParams({ q: trimmed })}`
}

export function isChipActive(chip: Chip, query: string): boolean {
  return chip.query === query.trim().toLowerCase()
}

/** A calculator id from a location hash ('#tack-rate'), or null. */
export function idFromHash(hash: string): CalculatorId | null {
  let id = hash.startsWith('#') ? hash.slice(1) : hash
  try {
    id = decodeURIComponent(id)
  } catch {
    return null
  }
  return isCalculatorId(id) ? id : null
}

/**
 * What an input shows while empty. A bare figure ('23+50', '500', '380') read as a value already filled
 * in (issue 15), so a figure is shown as an example: 'e.g. 23+50'. Hints that are not a figure
 * ('Choose a conversion', 'e.g. Left wheel path') stay as written; a range ('1-50') reads 'range 1-50'.
 */
export function placeholderText(placeholder: string): string {
  const text = placeholder.trim()
  if (/^\d[\d.,+]*$/.test(text)) return `e.g. ${text}`
  // The random number's '1-50' (§5) is a range to pick from, not an example to copy.
  if (/^\d+-\d+$/.test(text)) return `range ${text}`
  return placeholder
}
