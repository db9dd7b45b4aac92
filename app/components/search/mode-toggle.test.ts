import { describe, expect, it } from 'vitest'
import { MODE_HREF, modeOf } from './mode-toggle'

describe('search mode in the address', () => {
  it('is photo only for mode=photo', () => {
    expect(modeOf(new URLSearchParams('mode=photo'))).toBe('photo')
    expect(modeOf(new URLSearchParams('index&mode=photo'))).toBe('photo')
    expect(modeOf(new URLSearchParams(''))).toBe('text')
    expect(modeOf(new URLSearchParams('mode=video'))).toBe('text')
    expect(MODE_HREF).toEqual({ text: '/', photo: '/?mode=photo' })
  })
})
