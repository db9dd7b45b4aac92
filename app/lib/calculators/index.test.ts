import { describe, expect, it } from 'vitest'
import {
  calculate,
  CALCULATOR_IDS,
  CATALOGUE,
  CATEGORIES,
  foundMessage,
  getCatalogueEntry,
  getFields,
  initialInputs,
  isCalculatorId,
  searchCalculators,
  shouldShowResult,
  type CalculatorId,
} from './index'

const ids = (entries: readonly { id: CalculatorId }[]) => entries.map((entry) => entry.id)

describe('catalogue', () => {
  it('lists the eight calculators in order, each with all catalogue fields', () => {
    expect(ids(CATALOGUE)).toEqual([
      'asphalt-rate',
      'tack-rate',
      'random-cores',
      'concrete-volume',
      'compaction-percentage',
      'rebar-weight',
      'pipe-grade',
      'unit-conversion',
    ])
    expect(ids(CATALOGUE)).toEqual([...CALCULATOR_IDS])
    for (const entry of CATALOGUE) {
      expect(entry.name.length, entry.id).toBeGreaterThan(0)
      expect(entry.description.length, entry.id).toBeGreaterThan(0)
      expect(entry.keywords.length, entry.id).toBeGreaterThan(0)
      expect(CATEGORIES.map((c) => c.name), entry.id).toContain(entry.category)
    }
  })

  it('has the six category chips and their search words', () => {
    expect(CATEGORIES).toEqual([
      { name: 'Asphalt & Paving', chip: 'asphalt' },
      { name: 'Concrete & Materials', chip: 'concrete' },
      { name: 'Earthwork & Soil', chip: 'soil' },
      { name: 'Drainage & Utilities', chip: 'drainage' },
      { name: 'Quality Control', chip: 'quality' },
      { name: 'General Utilities', chip: 'conversion' },
    ])
    // every category holds at least one calculator
    for (const category of CATEGORIES) {
      expect(CATALOGUE.some((entry) => entry.category === category.name), category.name).toBe(true)
    }
  })

  it('looks entries and fields up by id', () => {
    expect(getCatalogueEntry('pipe-grade').name).toBe('Pipe Grade')
    expect(isCalculatorId('rebar-weight')).toBe(true)
    expect(isCalculatorId('rebar')).toBe(false)
    expect(isCalculatorId(undefined)).toBe(false)
    for (const id of CALCULATOR_IDS) {
      const fields = getFields(id)
      expect(fields.length, id).toBeGreaterThan(0)
      expect(new Set(fields.map((f) => f.name)).size, id).toBe(fields.length)
      for (const field of fields) {
        expect(field.label.length, `${id}.${field.name}`).toBeGreaterThan(0)
        expect(field.placeholder.length, `${id}.${field.name}`).toBeGreaterThan(0)
        if (field.type === 'select') expect(field.options?.length, `${id}.${field.name}`).toBeGreaterThan(0)
      }
    }
  })

  it('initial inputs are blank except select defaults (what Reset restores)', () => {
    expect(initialInputs('asphalt-rate')).toEqual({ startStation: '', endStation: '', width: '', tonnage: '' })
    expect(initialInputs('rebar-weight')).toEqual({ size: '#5', length: '' })
    expect(initialInputs('unit-conversion')).toEqual({ conversion: 'cubic-feet-to-cubic-yards', value: '' })
    for (const id of CALCULATOR_IDS) {
      expect(calculate(id, initialInputs(id)), id).toEqual({ ok: false, reason: 'incomplete' })
    }
  })
})

describe('search', () => {
  it('each chip word finds its calculators', () => {
    expect(ids(searchCalculators('asphalt'))).toEqual(['asphalt-rate', 'tack-rate', 'random-cores'])
    expect(ids(searchCalculators('concrete'))).toEqual(['concrete-volume', 'rebar-weight'])
    expect(ids(searchCalculators('soil'))).toEqual(['compaction-percentage'])
    expect(ids(searchCalculators('drainage'))).toEqual(['pipe-grade'])
    expect(ids(searchCalculators('quality'))).toEqual(['random-cores'])
    expect(ids(searchCalculators('conversion'))).toEqual(['unit-conversion'])
  })

  it('every chip word matches every calculator of its category', () => {
    for (const { name, chip } of CATEGORIES) {
      const found = ids(searchCalculators(chip))
      for (const entry of CATALOGUE.filter((e) => e.category === name)) expect(found, chip).toContain(entry.id)
    }
  })

  it('is case-insensitive and matches name, description, keywords or category', () => {
    expect(ids(searchCalculators('ASPHALT'))).toEqual(ids(searchCalculators('asphalt')))
    expect(ids(searchCalculators('Rebar Weight'))).toEqual(['rebar-weight']) // name
    expect(ids(searchCalculators('distributor readings'))).toEqual(['tack-rate']) // description
    expect(ids(searchCalculators('proctor'))).toEqual(['compaction-percentage']) // keyword + description
    expect(ids(searchCalculators('culvert'))).toEqual(['pipe-grade']) // keyword only
    expect(ids(searchCalculators('earthwork'))).toEqual(['compaction-percentage']) // category only
    expect(ids(searchCalculators('PSI'))).toEqual(['unit-conversion'])
    // plain substring matching: 'mpa' is also inside 'compaction'
    expect(ids(searchCalculators('MPa'))).toEqual(['compaction-percentage', 'unit-conversion'])
  })

  it('a blank query returns all; no match returns none; the query is trimmed', () => {
    expect(searchCalculators('')).toHaveLength(8)
    expect(searchCalculators('   ')).toHaveLength(8)
    expect(searchCalculators('bridge deck paint')).toEqual([])
    expect(ids(searchCalculators('  tack  '))).toEqual(['tack-rate'])
  })

  it('foundMessage', () => {
    expect(foundMessage(3, 'asphalt')).toBe('Found 3 calculator(s) matching "asphalt"')
    expect(foundMessage(0, 'bridge')).toBe('Found 0 calculator(s) matching "bridge"')
    expect(foundMessage(1, 'soil')).toBe('Found 1 calculator(s) matching "soil"')
    const query = 'concrete'
    expect(foundMessage(searchCalculators(query).length, query)).toBe('Found 2 calculator(s) matching "concrete"')
  })
})

describe('calculate and shouldShowResult', () => {
  it('a worked example per calculator, through the single entry point', () => {
    const cases: { [I in CalculatorId]: [Record<string, string>, number] } = {
      'asphalt-rate': [{ startStation: '10+00', endStation: '15+00', width: '12', tonnage: '40' }, 120],
      'tack-rate': [
        { startStation: '10+00', endStation: '15+00', width: '12', totalGallons: '500', remainingGallons: '380', temperature: '140' },
        0.1778,
      ],
      'random-cores': [{ lotStart: '10+00', lotEnd: '20+00', randomNumber: '250' }, 1000],
      'concrete-volume': [{ length: '20', width: '12', depth: '0.5' }, 4.44],
      'compaction-percentage': [{ fieldDensity: '118.4', maxDensity: '122' }, 97],
      'rebar-weight': [{ size: '#5', length: '100' }, 104.3],
      'pipe-grade': [{ startElevation: '100.5', endElevation: '98.25', length: '150' }, 1.5],
      'unit-conversion': [{ conversion: 'feet-to-meters', value: '100' }, 30.48],
    }
    const main = (id: CalculatorId, result: unknown): number => {
      const r = result as Record<string, { value: number }>
      const key = {
        'asphalt-rate': 'rate',
        'tack-rate': 'rate',
        'random-cores': 'lotLength',
        'concrete-volume': 'cubicYards',
        'compaction-percentage': 'percent',
        'rebar-weight': 'weight',
        'pipe-grade': 'grade',
        'unit-conversion': 'output',
      }[id]
      return r[key]?.value ?? Number.NaN
    }
    for (const id of CALCULATOR_IDS) {
      const [raw, expected] = cases[id]
      const outcome = calculate(id, raw)
      expect(outcome.ok, id).toBe(true)
      if (!outcome.ok) continue
      expect(main(id, outcome.result), id).toBe(expected)
      expect(shouldShowResult(id, outcome.result), id).toBe(true)
    }
  })

  it('submit mode is the same as live mode when every value is in range', () => {
    const raw = { startStation: '10+00', endStation: '15+00', width: '12', tonnage: '40' }
    expect(calculate('asphalt-rate', raw, { mode: 'submit' })).toEqual(calculate('asphalt-rate', raw))
  })

  it('an unknown id at run time is invalid, not a crash', () => {
    expect(calculate('bridge-paint' as CalculatorId, {})).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Unknown calculator "bridge-paint"',
    })
  })

  it('ignores unknown extra inputs', () => {
    expect(calculate('rebar-weight', { size: '#4', length: '10', extra: 'x' }).ok).toBe(true)
  })

  it('pipe grade shows when nonzero, the others only above zero', () => {
    const downhill = calculate('pipe-grade', { startElevation: '100', endElevation: '101', length: '100' })
    expect(downhill.ok && shouldShowResult('pipe-grade', downhill.result)).toBe(true)
    const cold = calculate('unit-conversion', { conversion: 'fahrenheit-to-celsius', value: '14' })
    expect(cold.ok && cold.result.output.value).toBe(-10)
    expect(cold.ok && shouldShowResult('unit-conversion', cold.result)).toBe(false)
  })
})
