import { describe, expect, it } from 'vitest'
import { INSIGHT_PREVIEW_CHARS, truncateInsight } from './truncate'

describe('truncateInsight', () => {
  it('keeps text of 200 characters or fewer as it is', () => {
    const exact = 'a'.repeat(INSIGHT_PREVIEW_CHARS)
    expect(truncateInsight(exact)).toBe(exact)
    expect(truncateInsight('Short insight.')).toBe('Short insight.')
  })

  it('cuts longer text at a word boundary within 200 characters and adds an ellipsis', () => {
    const text = `${'word '.repeat(60)}end`
    const out = truncateInsight(text)
    expect(out.endsWith('…')).toBe(true)
    expect(out.length).toBeLessThanOrEqual(INSIGHT_PREVIEW_CHARS + 1)
    expect(out.slice(0, -1).endsWith('word')).toBe(true)
    expect(text.startsWith(out.slice(0, -1))).toBe(true)
  })

  it('cuts a text without spaces at exactly 200 characters', () => {
    const out = truncateInsight('x'.repeat(250))
    expect(out).toBe(`${'x'.repeat(200)}…`)
  })

  it('drops trailing punctuation before the ellipsis', () => {
    const text = `${'a'.repeat(195)}, and more words follow here`
    expect(truncateInsight(text)).toBe(`${'a'.repeat(195)}…`)
  })
})
