import { describe, expect, it } from 'vitest'
import { buildPrompt } from './llm.server'
import { asphaltCores, guardrailDrawing } from './core/test-passages'

describe('buildPrompt', () => {
  it('numbers the passages with their citations', () => {
    const prompt = buildPrompt('guardrail post spacing?', [guardrailDrawing, asphaltCores])
    expect(prompt.startsWith('Question: guardrail post spacing?\n\nPassages:\n\n[P1] Drawing G501 - Drawing G501 W-Beam Guardrail Installation')).toBe(true)
    expect(prompt).toContain('\n\n[P2] SC-M-400 - SC-M-400 Asphalt Mixture Quality Acceptance (SCDOT Supplemental Technical Specification SC-M-400 (2018))')
    expect(prompt).toContain('6 ft 3 in (6.25 ft)')
  })
})
