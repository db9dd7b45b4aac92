import { describe, expect, it } from 'vitest'
import { hasReadableText, historyQuery, questionWithElements, tidyText } from './analyze.server'
import { featureQuery, inSentence, uniqueCandidates, MAX_FEATURES } from './features.server'
import type { UploadedFile } from './upload.server'

const file = (name: string, type: UploadedFile['type']): UploadedFile => ({ name, type, size: 1, declaredType: '', bytes: Buffer.from('x') })

describe('analysis helpers', () => {
  it('tidies OCR text', () => {
    expect(tidyText('  STA  12+50 \r\n\n\n\n  NOTE:\tX  ')).toBe('STA 12+50\n\nNOTE: X')
  })

  it('tells real text from OCR noise', () => {
    expect(hasReadableText('', 0)).toBe(false)
    expect(hasReadableText('~ ee . ,', 20)).toBe(false)
    expect(hasReadableText('Ss ee a PEE', 20)).toBe(false)
    expect(hasReadableText('MATCH LINE', 85)).toBe(true)
    expect(hasReadableText('STA 12+50 BEGIN PROJECT INSTALL RCP', 30)).toBe(true)
  })

  it('adds the main elements to the question, once, within the length limit', () => {
    expect(questionWithElements('What cover does it need?', ['24" RCP', 'Catch basin', 'Silt fence', 'Guardrail'])).toBe(
      'What cover does it need? (24" RCP, Catch basin, Silt fence)',
    )
    expect(questionWithElements('Is the 24" RCP ok?', ['24" RCP'])).toBe('Is the 24" RCP ok?')
    const long = 'x'.repeat(995)
    expect(questionWithElements(long, ['Guardrail'])).toBe(long)
  })

  it('names the history entry by the question, else the file', () => {
    expect(historyQuery({ query: 'what is this?', file: file('a.png', 'image/png') })).toBe('what is this?')
    expect(historyQuery({ query: '', file: file('a.png', 'image/png') })).toBe('Photo: a.png')
    expect(historyQuery({ query: '', file: file('plan.pdf', 'application/pdf') })).toBe('Document: plan.pdf')
  })
})

describe('feature look-up helpers', () => {
  it('searches a pipe by its material and a structure without its type', () => {
    expect(featureQuery('24" RCP')).toBe('RCP pipe')
    expect(featureQuery('18" pipe culvert')).toBe('pipe culvert')
    expect(featureQuery('Catch basin type 1')).toBe('Catch basin')
    expect(featureQuery('Pay item 7141100')).toBe('pay item 7141100')
  })

  it('writes names inside a sentence', () => {
    expect(inSentence('Catch basin')).toBe('catch basin')
    expect(inSentence('24" RCP')).toBe('24" RCP')
    expect(inSentence('HMA')).toBe('HMA')
  })

  it('keeps the first origin of a repeated element and caps the list', () => {
    const list = uniqueCandidates([
      { name: 'Guardrail', origin: 'text', certainty: 0.9 },
      { name: 'guardrail', origin: 'model', certainty: 0.8 },
      ...Array.from({ length: 20 }, (_, i) => ({ name: `item ${i}`, origin: 'description' as const, certainty: 1 })),
    ])
    expect(list[0]).toMatchObject({ name: 'Guardrail', origin: 'text' })
    expect(list.filter((c) => c.name.toLowerCase() === 'guardrail')).toHaveLength(1)
    expect(list).toHaveLength(MAX_FEATURES)
  })
})
