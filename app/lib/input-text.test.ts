import { describe, expect, it } from 'vitest'
import { isCleanForm, isCleanRequestTarget, isCleanText, isCleanValue } from './input-text'

describe('clean text', () => {
  it('accepts what people type, in any script, with emoji and combining marks', () => {
    for (const text of ['', 'asphalt 401.4', 'Señal de tránsito', '道路', 'rut 👷‍♀️ 1/2"', 'e\u0301', 'tab\tand\nnewline']) {
      expect(isCleanText(text), text).toBe(true)
    }
  })

  it('refuses NUL and lone surrogates, high or low, at any position', () => {
    for (const text of ['\u0000', 'A\u0000B', 'asphalt \ud800', '\ud800x', '\udfff', 'x\udc00', '\udc00\ud800']) {
      expect(isCleanText(text), JSON.stringify(text)).toBe(false)
    }
  })

  it('walks JSON values, keys included, and refuses absurd nesting', () => {
    expect(isCleanValue({ a: ['b', { c: 1, d: null, e: true }] })).toBe(true)
    expect(isCleanValue(JSON.parse('{"query":"asphalt \\ud800"}'))).toBe(false)
    expect(isCleanValue({ list: [1, 'ok', ['A\u0000']] })).toBe(false)
    expect(isCleanValue({ 'bad\u0000key': 1 })).toBe(false)
    expect(isCleanValue(12345)).toBe(true)
    let deep: unknown = 'x'
    for (let i = 0; i < 200; i++) deep = [deep]
    expect(isCleanValue(deep)).toBe(false)
  })

  it('checks form names, values and file names', () => {
    const form = new FormData()
    form.set('query', 'asphalt')
    form.set('image', new File(['x'], 'plan.png'))
    expect(isCleanForm(form)).toBe(true)
    form.set('topic', 'A\u0000')
    expect(isCleanForm(form)).toBe(false)
    const named = new FormData()
    named.set('image', new File(['x'], 'pl\u0000an.png'))
    expect(isCleanForm(named)).toBe(false)
    expect(isCleanForm(new Map([['q\u0000', 'x']]))).toBe(false)
  })

  it('decodes the request target as UTF-8 bytes and refuses NUL and invalid sequences', () => {
    for (const ok of ['/', '/history?page=2', '/?q=asphalt%20density', '/?q=100%', '/?q=%E2%9C%93', '/cheat-sheets?topic=%C3%A9', '/a%2Fb', '/?q=%']) {
      expect(isCleanRequestTarget(ok), ok).toBe(true)
    }
    for (const bad of ['/history/%00', '/?q=A%00B', '/?%00=1', '/?q=%ED%A0%80', '/?q=%C0%AF', '/?q=%FF', '/x%E2%9C', '/\u0000', '/\u2713']) {
      expect(isCleanRequestTarget(bad), bad).toBe(false)
    }
  })
})
