import { describe, expect, it } from 'vitest'
import { orderSheets, selectSheetId, sheetIdFor, SHEET_ORDER } from './sheet-order'

const sheet = (id: string, title: string, keywords: string[] = []) => ({ id, title, keywords })

const SHEETS = orderSheets([
  sheet('guardrail', 'Guardrail', ['guard rail', 'w-beam']),
  sheet('asphalt', 'Asphalt Paving', ['hma', 'paving']),
  sheet('zeta', 'Zeta Work'),
  sheet('alpha', 'Alpha Work'),
  sheet('bridge-deck', 'Bridge Deck Inspection', ['bridge', 'deck']),
])

describe('orderSheets', () => {
  it('puts bridge deck first, known ids in SHEET_ORDER order, unknown ids last by title', () => {
    expect(SHEETS.map((s) => s.id)).toEqual(['bridge-deck', 'asphalt', 'guardrail', 'alpha', 'zeta'])
    expect(SHEET_ORDER[0]).toBe('bridge-deck')
  })
})

describe('sheetIdFor', () => {
  it('keeps an exact id', () => {
    expect(sheetIdFor('guardrail', SHEETS)).toBe('guardrail')
    expect(sheetIdFor('  asphalt ', SHEETS)).toBe('asphalt')
  })

  it('maps a named topic', () => {
    expect(sheetIdFor('Asphalt Paving', SHEETS)).toBe('asphalt')
    expect(sheetIdFor('guard rail standards', SHEETS)).toBe('guardrail')
  })

  it('falls back to bridge deck for an unknown topic', () => {
    expect(sheetIdFor('helicopter pads', SHEETS)).toBe('bridge-deck')
    expect(sheetIdFor('', SHEETS)).toBe('bridge-deck')
  })

  it('never returns a sheet that is not there', () => {
    const withoutFallback = SHEETS.filter((s) => s.id !== 'bridge-deck')
    expect(sheetIdFor('helicopter pads', withoutFallback)).toBe('asphalt')
  })
})

describe('selectSheetId', () => {
  it('prefers ?sheet, then ?topic, then the first sheet', () => {
    expect(selectSheetId({ sheet: 'guardrail', topic: 'asphalt' }, SHEETS)).toBe('guardrail')
    expect(selectSheetId({ sheet: null, topic: 'Asphalt Paving' }, SHEETS)).toBe('asphalt')
    expect(selectSheetId({ sheet: ' ', topic: null }, SHEETS)).toBe('bridge-deck')
    expect(selectSheetId({ sheet: null, topic: null }, SHEETS)).toBe('bridge-deck')
  })

  it('maps an unknown ?sheet like a topic', () => {
    expect(selectSheetId({ sheet: 'W-Beam', topic: null }, SHEETS)).toBe('guardrail')
    expect(selectSheetId({ sheet: 'nonsense', topic: null }, SHEETS)).toBe('bridge-deck')
  })

  it('has nothing to select without sheets', () => {
    expect(selectSheetId({ sheet: null, topic: null }, [])).toBeUndefined()
  })
})
