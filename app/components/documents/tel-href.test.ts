import { describe, expect, it } from 'vitest'
import { telHref } from './tel-href'

describe('tel: links for catalogue contacts', () => {
  it('dials plain numbers', () => {
    expect(telHref('911')).toBe('tel:911')
    expect(telHref('803-737-1200')).toBe('tel:8037371200')
    expect(telHref('+1 (803) 737-1200')).toBe('tel:+18037371200')
  })

  it('dials the digits in brackets when the number is also spelled in letters', () => {
    expect(telHref('1-855-GO-SCDOT (1-855-467-2368)')).toBe('tel:18554672368')
    expect(telHref('*HP (*47)')).toBe('tel:*47')
  })

  it('refuses text with nothing to dial', () => {
    expect(telHref('Call the office')).toBeNull()
    expect(telHref('*HP')).toBeNull()
  })
})
