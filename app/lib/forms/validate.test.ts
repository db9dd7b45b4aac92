import { describe, expect, it } from 'vitest'
import { findFormTemplate } from './templates'
import {
  FIELD_MAX_CHARS,
  TEXTAREA_MAX_CHARS,
  cleanFormData,
  isInputMethod,
  missingFieldsMessage,
  missingRequiredFields,
  submitSuccessMessage,
} from './validate'

const asphalt = findFormTemplate('400.04')!

describe('the form-submit rule (§5)', () => {
  it('lists every empty required field by label, in template order', () => {
    expect(missingRequiredFields(asphalt, {})).toEqual([
      'Date',
      'Project Number',
      'Contractor',
      'Location/Station',
      'Mix Type',
      'Tonnage Placed',
      'Mat Temperature (°F)',
    ])
  })

  it('treats blank values as missing and ignores optional fields', () => {
    const data = {
      date: '2026-11-21',
      projectNumber: '  ',
      contractor: 'Palmetto Paving',
      location: 'STA 12+50',
      mixType: 'SP 12.5',
      tonnage: '420',
      matTemperature: '290',
    }
    expect(missingRequiredFields(asphalt, data)).toEqual(['Project Number'])
    expect(missingRequiredFields(asphalt, { ...data, projectNumber: 'P-1' })).toEqual([])
  })

  it('words the messages exactly', () => {
    expect(missingFieldsMessage(['Date', 'Contractor'])).toBe('Please fill in: Date, Contractor')
    expect(submitSuccessMessage('Concrete Pour Inspection Form')).toBe('Concrete Pour Inspection Form has been completed and saved.')
  })
})

describe('cleaning submitted values', () => {
  it('keeps only template fields, trimmed, and drops empty values', () => {
    expect(cleanFormData(asphalt, { date: ' 2026-11-21 ', notes: '', extra: 'x', tonnage: 5 as unknown as string })).toEqual({
      date: '2026-11-21',
    })
  })

  it('caps long text at 2000 characters and other fields at 200', () => {
    const clean = cleanFormData(asphalt, { notes: 'n'.repeat(5000), weather: 'w'.repeat(500) })
    expect(clean.notes).toHaveLength(TEXTAREA_MAX_CHARS)
    expect(clean.weather).toHaveLength(FIELD_MAX_CHARS)
  })

  it('never cuts a character in half', () => {
    const clean = cleanFormData(asphalt, { weather: '☀'.repeat(150) + '🌧'.repeat(100) })
    expect(Array.from(clean.weather!)).toHaveLength(FIELD_MAX_CHARS)
    expect(clean.weather!.endsWith('🌧')).toBe(true)
  })

  it('knows the three input methods', () => {
    expect(['photo', 'voice', 'manual'].every(isInputMethod)).toBe(true)
    expect(isInputMethod('fax')).toBe(false)
  })
})
