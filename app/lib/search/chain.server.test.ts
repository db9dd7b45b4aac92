import { afterEach, describe, expect, it } from 'vitest'
import { resetConfig } from '~/lib/config.server'
import { getAnswerChain } from './chain.server'

const KEYS = ['LLM_MODEL', 'OPENAI_API_KEY', 'OPENAI_BASE_URL'] as const
const saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]))

afterEach(() => {
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key]
    else process.env[key] = saved[key]
  }
  resetConfig()
})

describe('getAnswerChain', () => {
  it('builds the chain once and rebuilds it only when the model configuration changes', () => {
    for (const key of KEYS) delete process.env[key]
    resetConfig()
    const extractive = getAnswerChain()
    expect(getAnswerChain()).toBe(extractive)

    process.env.LLM_MODEL = 'test-model'
    process.env.OPENAI_API_KEY = 'key-1'
    process.env.OPENAI_BASE_URL = 'http://127.0.0.1:9/v1'
    resetConfig()
    const model = getAnswerChain()
    expect(model).not.toBe(extractive)
    expect(getAnswerChain()).toBe(model)

    process.env.OPENAI_API_KEY = 'key-2'
    resetConfig()
    expect(getAnswerChain()).not.toBe(model)
  })
})
