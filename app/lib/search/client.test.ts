import { describe, expect, it } from 'vitest'
import { analyzeFormData } from '~/lib/search/client'

describe('analyze-image request body (§7)', () => {
  it('sends the one file with analysisType, query and the fixed specBook and userRole', () => {
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'deck.jpg', { type: 'image/jpeg' })
    const body = analyzeFormData(file, 'diagnostic', '  alligator cracking  ')
    expect([...body.keys()]).toEqual(['analysisType', 'query', 'specBook', 'userRole', 'image'])
    expect(body.get('analysisType')).toBe('diagnostic')
    expect(body.get('query')).toBe('alligator cracking')
    expect(body.get('specBook')).toBe('both')
    expect(body.get('userRole')).toBe('inspector')
    const image = body.get('image') as File
    expect(image.name).toBe('deck.jpg')
    expect(image.size).toBe(3)
  })
})
