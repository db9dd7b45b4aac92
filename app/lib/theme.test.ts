import { describe, expect, it } from 'vitest'
import { parseThemePreference, resolveTheme, themeCookie, themeFromCookieHeader } from './theme'

describe('theme resolution', () => {
  it('defaults to light for a missing or unknown value', () => {
    expect(parseThemePreference(undefined)).toBe('light')
    expect(parseThemePreference('purple')).toBe('light')
    expect(parseThemePreference(42)).toBe('light')
  })

  it('keeps the three known preferences', () => {
    expect(parseThemePreference('dark')).toBe('dark')
    expect(parseThemePreference('system')).toBe('system')
  })

  it('resolves fixed choices regardless of the OS and follows the OS in system mode', () => {
    expect(resolveTheme('light', true)).toBe('light')
    expect(resolveTheme('dark', false)).toBe('dark')
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
  })

  it('reads the preference from a cookie header among others', () => {
    expect(themeFromCookieHeader('a=1; theme=dark; b=2')).toBe('dark')
    expect(themeFromCookieHeader('theme=system')).toBe('system')
    expect(themeFromCookieHeader('themes=dark')).toBe('light')
    expect(themeFromCookieHeader('theme=evil')).toBe('light')
    expect(themeFromCookieHeader(null)).toBe('light')
  })

  it('writes a year-long lax cookie, secure when asked', () => {
    expect(themeCookie('dark')).toBe('theme=dark; Path=/; Max-Age=31536000; SameSite=Lax')
    expect(themeCookie('system', true)).toContain('; Secure')
  })
})
