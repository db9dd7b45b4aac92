import { describe, expect, it } from 'vitest'
import { correctedQuery } from './corrected-query'

describe('Searched for', () => {
  it('applies the corrections to whole words only', () => {
    expect(correctedQuery('gaurdrail post spacing', [{ from: 'gaurdrail', to: 'guardrail' }])).toBe('guardrail post spacing')
    expect(correctedQuery('Gaurdrail and gaurdrails', [{ from: 'gaurdrail', to: 'guardrail' }])).toBe('guardrail and gaurdrails')
    expect(correctedQuery('asphlt (compacton)', [{ from: 'asphlt', to: 'asphalt' }, { from: 'compacton', to: 'compaction' }])).toBe(
      'asphalt (compaction)',
    )
    expect(correctedQuery('a+b c', [{ from: 'a+b', to: 'x' }])).toBe('x c')
    expect(correctedQuery('no change', [])).toBe('no change')
  })
})
