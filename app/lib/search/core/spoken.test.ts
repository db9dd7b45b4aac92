import { describe, expect, it } from 'vitest'
import { normalizeSpoken } from './spoken'

describe('normalizeSpoken: numbers said as words become figures, fillers go', () => {
  it.each([
    ['gauge says ninety three percent on the fill', 'gauge says 93 percent on the fill'],
    ['what if it comes out like a hundred and four percent', 'what if it comes out like 104 percent'],
    ['a two lane road doing fifty five', 'a 2 lane road doing 55'],
    ['fifty-five mph', '55 mph'],
    ['two hundred feet', '200 feet'],
    ['three thousand five hundred psi', '3500 psi'],
    ['a hundred feet', '100 feet'],
    ['six foot fence', '6 foot fence'],
    ['twelve foot lane', '12 foot lane'],
    ['two point five days', '2.5 days'],
    ['two and a half inches', '2.5 inches'],
    ['the reading came back two thirty, is that good', 'the reading came back 230, is that good'],
    ['the twenty twenty five book', 'the 2025 book'],
    ['nineteen ninety eight', '1998'],
    ['number ten rebar', 'number 10 rebar'],
    // Section and method numbers read digit by digit, with their parts.
    ['section four oh one point four', 'section 401.4'],
    ['my RCE quotes one oh six point three point ten', 'my RCE quotes 106.3.10'],
    ['seven oh three rebar', '703 rebar'],
    ['the two oh oh seven book', 'the 2007 book'],
    ['which section sat in the old five hundreds', 'which section sat in the old 500s'],
  ])('%s', (spoken, written) => {
    expect(normalizeSpoken(spoken)).toBe(written)
  })

  it('removes fillers of talk and voice transcripts', () => {
    expect(normalizeSpoken('um so uh how far apart do the posts go')).toBe('so how far apart do the posts go')
    expect(normalizeSpoken('you know the cores, I mean how many')).toBe('the cores, how many')
  })

  it("reads 'oh' as a zero only inside a number said digit by digit", () => {
    expect(normalizeSpoken('oh no which one oh wait')).toBe('oh no which one oh wait')
    expect(normalizeSpoken('one two')).toBe('1 2')
  })

  it('leaves words that only look like numbers, and codes, as they are', () => {
    expect(normalizeSpoken('which one is it')).toBe('which one is it')
    expect(normalizeSpoken('sc-t-29 and Section 401.4')).toBe('sc-t-29 and Section 401.4')
    expect(normalizeSpoken('one foot')).toBe('1 foot')
  })
})
