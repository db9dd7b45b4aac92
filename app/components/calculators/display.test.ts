import { describe, expect, it } from 'vitest'
import { calculate, CALCULATOR_IDS, getFields, initialInputs } from '~/lib/calculators'
import {
  cardsReducer,
  CHIPS,
  computeOutcome,
  describeOutcome,
  idFromHash,
  incompleteMessage,
  initialCardsState,
  isChipActive,
  placeholderText,
  searchHref,
  showsResult,
  tagResult,
  ZERO_RESULT_NOTE,
} from './display'

const ASPHALT = { startStation: '10+00', endStation: '15+00', width: '12', tonnage: '110' }

describe('what a card shows', () => {
  it('a complete input shows the result, live or submitted', () => {
    for (const submitted of [false, true]) {
      const display = describeOutcome('asphalt-rate', computeOutcome('asphalt-rate', ASPHALT, submitted), ASPHALT, submitted)
      expect(display.kind).toBe('result')
      if (display.kind === 'result' && display.tagged.id === 'asphalt-rate') {
        expect(display.tagged.result.rate.text).toBe('330.00 lbs/SY')
      }
    }
  })

  it('incomplete: nothing while typing, the missing labels after Calculate', () => {
    const inputs = { ...ASPHALT, width: '', tonnage: ' ' }
    const outcome = computeOutcome('asphalt-rate', inputs, false)
    expect(describeOutcome('asphalt-rate', outcome, inputs, false)).toEqual({ kind: 'none' })
    expect(describeOutcome('asphalt-rate', outcome, inputs, true)).toEqual({
      kind: 'note',
      message: 'Enter Width (ft) and Tonnage (tons) to calculate.',
    })
    expect(incompleteMessage('concrete-volume', initialInputs('concrete-volume'))).toBe(
      'Enter Length (ft), Width (ft) and Depth (ft) to calculate.',
    )
    expect(incompleteMessage('concrete-volume', { length: '20', width: '0', depth: '0.5' })).toBe(
      'Enter a value other than zero for Width (ft).',
    )
    expect(incompleteMessage('unit-conversion', { conversion: '', value: '0' })).toBe(
      'Enter a value other than zero for Value to Convert.',
    )
    // Selects fall back to their default, so they are never reported missing.
    expect(incompleteMessage('rebar-weight', { size: '', length: '' })).toBe('Enter Total Length (ft) to calculate.')
  })

  it('an invalid value shows its message and the field it belongs to', () => {
    const inputs = { lotStart: '10+00', lotEnd: '20+00', randomNumber: '1000' }
    expect(describeOutcome('random-cores', computeOutcome('random-cores', inputs, false), inputs, false)).toEqual({
      kind: 'error',
      message: 'SCDOT Random Number must be a whole number between 1 and 999',
      field: 'randomNumber',
    })
  })

  it('submit mode adds the tack temperature range; live mode uses the fixed multiplier', () => {
    const inputs = { ...ASPHALT, totalGallons: '500', remainingGallons: '380', temperature: '31' }
    expect(describeOutcome('tack-rate', computeOutcome('tack-rate', inputs, false), inputs, false).kind).toBe('result')
    expect(describeOutcome('tack-rate', computeOutcome('tack-rate', inputs, true), inputs, true)).toEqual({
      kind: 'error',
      message: 'Tack Temperature (°F) must be between 32 and 200',
      field: 'temperature',
    })
  })

  it('a zero result: nothing while typing, a note after Calculate', () => {
    const inputs = { ...ASPHALT, endStation: '10+00' }
    const outcome = computeOutcome('asphalt-rate', inputs, true)
    expect(describeOutcome('asphalt-rate', outcome, inputs, false)).toEqual({ kind: 'none' })
    expect(describeOutcome('asphalt-rate', outcome, inputs, true)).toEqual({ kind: 'note', message: ZERO_RESULT_NOTE })
  })

  it('unit conversion shows negative and zero outputs (departure from the literal above-zero rule)', () => {
    const cold = calculate('unit-conversion', { conversion: 'fahrenheit-to-celsius', value: '20' })
    expect(cold.ok).toBe(true)
    if (!cold.ok) return
    expect(cold.result.output.text).toBe('-6.667 °C')
    expect(showsResult(tagResult('unit-conversion', cold.result))).toBe(true)
    const freezing = calculate('unit-conversion', { conversion: 'fahrenheit-to-celsius', value: '32' })
    expect(freezing.ok && showsResult(tagResult('unit-conversion', freezing.result))).toBe(true)
    // The other calculators keep the spec rule; pipe grade shows a negative grade (nonzero).
    const downhill = calculate('pipe-grade', { startElevation: '98', endElevation: '99', length: '50' })
    expect(downhill.ok && showsResult(tagResult('pipe-grade', downhill.result))).toBe(true)
    const flat = calculate('pipe-grade', { startElevation: '99', endElevation: '99', length: '50' })
    expect(flat.ok && showsResult(tagResult('pipe-grade', flat.result))).toBe(false)
  })
})

describe('per-card state', () => {
  it('starts every card on its initial inputs', () => {
    const state = initialCardsState()
    for (const id of CALCULATOR_IDS) expect(state[id]).toEqual({ inputs: initialInputs(id), submitted: false })
  })

  it('seeds the posted card with its inputs and the server outcome', () => {
    const outcome = calculate('asphalt-rate', ASPHALT, { mode: 'submit' })
    const state = initialCardsState({ calculator: 'asphalt-rate', inputs: ASPHALT, submitted: true, outcome })
    expect(state['asphalt-rate']).toEqual({ inputs: ASPHALT, submitted: true, serverOutcome: outcome })
    expect(state['tack-rate'].inputs).toEqual(initialInputs('tack-rate'))
  })

  it('input edits one card and clears its submitted state and server outcome; reset restores it', () => {
    const outcome = calculate('asphalt-rate', ASPHALT, { mode: 'submit' })
    let state = initialCardsState({ calculator: 'asphalt-rate', inputs: ASPHALT, submitted: true, outcome })
    state = cardsReducer(state, { type: 'input', id: 'asphalt-rate', name: 'width', value: '10' })
    expect(state['asphalt-rate']).toEqual({ inputs: { ...ASPHALT, width: '10' }, submitted: false })
    state = cardsReducer(state, { type: 'input', id: 'rebar-weight', name: 'length', value: '5' })
    state = cardsReducer(state, { type: 'submit', id: 'rebar-weight' })
    expect(state['rebar-weight']).toEqual({ inputs: { size: '#5', length: '5' }, submitted: true })
    state = cardsReducer(state, { type: 'reset', id: 'rebar-weight' })
    expect(state['rebar-weight']).toEqual({ inputs: { size: '#5', length: '' }, submitted: false })
    expect(state['asphalt-rate'].inputs.width).toBe('10')
  })
})

describe('chips, search links and hashes', () => {
  it('six category chips then Show All, with their search words', () => {
    expect(CHIPS).toEqual([
      { label: 'Asphalt & Paving', query: 'asphalt' },
      { label: 'Concrete & Materials', query: 'concrete' },
      { label: 'Earthwork & Soil', query: 'soil' },
      { label: 'Drainage & Utilities', query: 'drainage' },
      { label: 'Quality Control', query: 'quality' },
      { label: 'General Utilities', query: 'conversion' },
      { label: 'Show All', query: '' },
    ])
  })

  it('builds the no-JavaScript search address', () => {
    expect(searchHref('asphalt')).toBe('/field-calculations?q=asphalt')
    expect(searchHref(' spread rate ')).toBe('/field-calculations?q=spread+rate')
    expect(searchHref('  ')).toBe('/field-calculations')
    expect(searchHref('a&b#c')).toBe('/field-calculations?q=a%26b%23c')
  })

  it('marks the chip whose word is the search', () => {
    const asphalt = CHIPS[0]!
    const all = CHIPS[CHIPS.length - 1]!
    expect(isChipActive(asphalt, 'Asphalt ')).toBe(true)
    expect(isChipActive(asphalt, 'asph')).toBe(false)
    expect(isChipActive(all, '')).toBe(true)
    expect(isChipActive(all, 'asphalt')).toBe(false)
  })

  it('reads a calculator id from a hash', () => {
    expect(idFromHash('#tack-rate')).toBe('tack-rate')
    expect(idFromHash('pipe-grade')).toBe('pipe-grade')
    expect(idFromHash('#drawing-g501')).toBeNull()
    expect(idFromHash('')).toBeNull()
    expect(idFromHash('#%E0%A4%A')).toBeNull()
  })
})

describe('placeholders', () => {
  it('show a figure as an example, never as a value that looks filled in', () => {
    expect(placeholderText('23+50')).toBe('e.g. 23+50')
    expect(placeholderText('500')).toBe('e.g. 500')
    expect(placeholderText('380')).toBe('e.g. 380')
    expect(placeholderText('100.50')).toBe('e.g. 100.50')
  })

  it('leave hints that are not a figure as written', () => {
    expect(placeholderText('Choose a conversion')).toBe('Choose a conversion')
    expect(placeholderText('1-50')).toBe('range 1-50')
    expect(placeholderText('e.g. Left wheel path')).toBe('e.g. Left wheel path')
  })

  it('no calculator input shows a bare figure', () => {
    for (const id of CALCULATOR_IDS) {
      for (const field of getFields(id)) expect(placeholderText(field.placeholder), `${id}.${field.name}`).not.toMatch(/^\d[\d.,+-]*$/)
    }
  })
})
