import { describe, expect, it } from 'vitest'
import { FavouriteActionSchema, INVALID_FAVOURITE_URL, isAllowedFavouriteUrl } from './favourites.server'

describe('isAllowedFavouriteUrl', () => {
  it('accepts paths on this site', () => {
    expect(isAllowedFavouriteUrl('/documents#drawing-g501')).toBe(true)
    expect(isAllowedFavouriteUrl('/history/abc')).toBe(true)
  })

  it('accepts https on the official hosts and their subdomains', () => {
    expect(isAllowedFavouriteUrl('https://www.scdot.org/business/standard-specifications.aspx')).toBe(true)
    expect(isAllowedFavouriteUrl('https://scdot.org/')).toBe(true)
    expect(isAllowedFavouriteUrl('https://mutcd.fhwa.dot.gov/htm/2009/part6/part6c.htm')).toBe(true)
    expect(isAllowedFavouriteUrl('https://www.osha.gov/laws-regs/regulations/standardnumber/1926')).toBe(true)
    expect(isAllowedFavouriteUrl('https://www.ecfr.gov/current/title-29/part-1926')).toBe(true)
  })

  it('refuses everything else', () => {
    for (const url of [
      'http://www.scdot.org/',
      'https://scdot.org.evil.test/',
      'https://evilscdot.org/',
      'https://user:pw@scdot.org/',
      'https://scdot.org:8443/',
      '//evil.test/x',
      '/\\evil.test',
      'javascript:alert(1)',
      'data:text/html,hi',
      'documents',
      '',
    ]) {
      expect(isAllowedFavouriteUrl(url), url).toBe(false)
    }
  })
})

describe('FavouriteActionSchema', () => {
  const add = { action: 'add', kind: 'document', refId: 'drawing-g501', title: ' Guardrail G501 ', url: '/documents#drawing-g501' }

  it('parses an add, trimming text', () => {
    expect(FavouriteActionSchema.parse(add)).toEqual({ ...add, title: 'Guardrail G501' })
  })

  it('needs only kind and refId to remove', () => {
    expect(FavouriteActionSchema.parse({ action: 'remove', kind: 'answer', refId: 's1' })).toEqual({
      action: 'remove',
      kind: 'answer',
      refId: 's1',
    })
  })

  it('explains what is wrong', () => {
    const message = (value: unknown) => FavouriteActionSchema.safeParse(value).error?.issues[0]?.message
    expect(message({ ...add, url: 'https://evil.test/' })).toBe(INVALID_FAVOURITE_URL)
    expect(message({ ...add, title: '  ' })).toBe('title is required.')
    expect(message({ ...add, kind: 'photo' })).toBe("kind must be 'answer' or 'document'.")
    expect(message({ ...add, action: 'toggle' })).toBe("action must be 'add' or 'remove'.")
    expect(message({ ...add, refId: 'x'.repeat(201) })).toBe('refId is too long (at most 200 characters).')
  })
})
