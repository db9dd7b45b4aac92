import { describe, expect, it } from 'vitest'
import { buildPrompt, configKey, DEFAULT_LLM_TIMEOUT_MS, llmConfigFromEnv } from './llm.server'
import { asphaltCores, guardrailDrawing } from './core/test-passages'

describe('llmConfigFromEnv', () => {
  it('is off without a model or a key', () => {
    expect(llmConfigFromEnv({})).toBeNull()
    expect(llmConfigFromEnv({ LLM_MODEL: 'm' })).toBeNull()
    expect(llmConfigFromEnv({ OPENAI_API_KEY: 'k' })).toBeNull()
  })

  it('reads the model, key, base URL, timeout and structured-output method', () => {
    expect(llmConfigFromEnv({ LLM_MODEL: 'm', OPENAI_API_KEY: 'k' })).toEqual({
      model: 'm',
      apiKey: 'k',
      baseURL: undefined,
      timeoutMs: DEFAULT_LLM_TIMEOUT_MS,
      method: 'jsonSchema',
    })
    expect(
      llmConfigFromEnv({ LLM_MODEL: 'm', OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1', LLM_TIMEOUT_MS: '900', LLM_STRUCTURED_METHOD: 'functionCalling' }),
    ).toMatchObject({ baseURL: 'http://127.0.0.1:1/v1', timeoutMs: 900, method: 'functionCalling' })
    expect(llmConfigFromEnv({ LLM_MODEL: 'm', OPENAI_API_KEY: 'k', LLM_TIMEOUT_MS: 'soon', LLM_STRUCTURED_METHOD: 'magic' })).toMatchObject({
      timeoutMs: DEFAULT_LLM_TIMEOUT_MS,
      method: 'jsonSchema',
    })
  })

  it('keys the configuration without the secret', () => {
    const key = configKey(llmConfigFromEnv({ LLM_MODEL: 'm', OPENAI_API_KEY: 'secret-value-1234' }))
    expect(key).not.toContain('secret-value')
    expect(configKey(null)).toBe('extractive')
  })
})

describe('buildPrompt', () => {
  it('numbers the passages with their citations', () => {
    const prompt = buildPrompt('guardrail post spacing?', [guardrailDrawing, asphaltCores])
    expect(prompt.startsWith('Question: guardrail post spacing?\n\nPassages:\n\n[P1] Drawing G501 - Drawing G501 W-Beam Guardrail Installation')).toBe(true)
    expect(prompt).toContain('\n\n[P2] SC-M-400 - SC-M-400 Asphalt Mixture Quality Acceptance (SCDOT Supplemental Technical Specification SC-M-400 (2018))')
    expect(prompt).toContain('6 ft 3 in (6.25 ft)')
  })
})
