import { describe, expect, it } from 'vitest'
import { formatDateRange, formatGenerated, safeExternalUrl, specificationHref } from './format'

describe('trends display helpers', () => {
  it('writes the generated time in UTC, the same on server and browser', () => {
    expect(formatGenerated('2026-11-21T14:05:09.000Z')).toBe('21 Nov 2026, 14:05 UTC')
    expect(formatGenerated('not a date')).toBe('not a date')
  })

  it('reads presets as words and keeps year ranges', () => {
    expect(formatDateRange('last-30-days')).toBe('Last 30 days')
    expect(formatDateRange('2024-2025')).toBe('2024-2025')
  })

  it('links a drawing to its detail view and anything else to the library', () => {
    expect(specificationHref('Drawing S103')).toBe('/documents#drawing-s103')
    expect(specificationHref('Section 401 (2007)')).toBe('/documents')
  })

  it('renders only web links from feeds', () => {
    expect(safeExternalUrl('https://news.example/a')).toBe('https://news.example/a')
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull()
    expect(safeExternalUrl('not a url')).toBeNull()
  })
})
