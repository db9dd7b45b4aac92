import { ChatOpenAI } from '@langchain/openai'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.server'
import { chatModelConfig, createChatModel, embeddingsConfig, visionModelConfig } from './providers.server'
import { configKey } from './search/llm.server'

describe('chatModelConfig', () => {
  it('is off without a model or a key', () => {
    expect(chatModelConfig(loadConfig({}))).toBeNull()
    expect(chatModelConfig(loadConfig({ LLM_MODEL: 'm' }))).toBeNull()
    expect(chatModelConfig(loadConfig({ OPENAI_API_KEY: 'k' }))).toBeNull()
  })

  it('reads the model, key, base URL, timeout and structured-output method', () => {
    expect(chatModelConfig(loadConfig({ LLM_MODEL: 'm', OPENAI_API_KEY: 'k' }))).toEqual({
      model: 'm',
      apiKey: 'k',
      baseURL: undefined,
      timeoutMs: 15_000,
      method: 'jsonSchema',
    })
    expect(
      chatModelConfig(
        loadConfig({ LLM_MODEL: 'm', OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1', LLM_TIMEOUT_MS: '900', LLM_STRUCTURED_METHOD: 'functionCalling' }),
      ),
    ).toMatchObject({ baseURL: 'http://127.0.0.1:1/v1', timeoutMs: 900, method: 'functionCalling' })
  })

  it('refuses a bad time limit or method instead of quietly using the default', () => {
    expect(() => loadConfig({ LLM_TIMEOUT_MS: 'soon', LLM_STRUCTURED_METHOD: 'magic' })).toThrow(
      /LLM_TIMEOUT_MS must be a whole number of milliseconds[^\n]*'soon'[\s\S]*LLM_STRUCTURED_METHOD must be jsonSchema, functionCalling, jsonMode, not 'magic'/,
    )
  })

  it('keys the configuration without the secret', () => {
    const key = configKey(chatModelConfig(loadConfig({ LLM_MODEL: 'm', OPENAI_API_KEY: 'secret-value-1234' })))
    expect(key).not.toContain('secret-value')
    expect(configKey(null)).toBe('extractive')
  })

  it('builds one client for the answers and the trend insights', () => {
    const chat = createChatModel(chatModelConfig(loadConfig({ LLM_MODEL: 'm', OPENAI_API_KEY: 'k', LLM_TIMEOUT_MS: '900' }))!)
    expect(chat).toBeInstanceOf(ChatOpenAI)
    expect(chat.model).toBe('m')
    expect(chat.timeout).toBe(900)
  })
})

describe('visionModelConfig', () => {
  it('is off without a model or a key', () => {
    expect(visionModelConfig(loadConfig({}))).toBeNull()
    expect(visionModelConfig(loadConfig({ VISION_MODEL: 'm' }))).toBeNull()
    expect(visionModelConfig(loadConfig({ OPENAI_API_KEY: 'k' }))).toBeNull()
  })

  it('reads the model, the key and the endpoint, the vision ones first', () => {
    expect(visionModelConfig(loadConfig({ VISION_MODEL: 'gpt-4o', OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'http://x/v1/' }))).toEqual({
      model: 'gpt-4o',
      apiKey: 'k',
      baseURL: 'http://x/v1',
      timeoutMs: 30_000,
    })
    expect(
      visionModelConfig(
        loadConfig({ VISION_MODEL: 'v', VISION_API_KEY: 'vk', OPENAI_API_KEY: 'k', VISION_BASE_URL: 'http://v/v1', OPENAI_BASE_URL: 'http://x', VISION_TIMEOUT_MS: '500' }),
      ),
    ).toEqual({ model: 'v', apiKey: 'vk', baseURL: 'http://v/v1', timeoutMs: 500 })
    expect(visionModelConfig(loadConfig({ VISION_MODEL: 'v', OPENAI_API_KEY: 'k' }))?.baseURL).toBe('https://api.openai.com/v1')
  })
})

describe('embeddingsConfig', () => {
  const remote = { OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', OPENAI_API_KEY: 'key', EMBEDDINGS_MODEL: 'nomic' }

  it('defaults to the corpus-trained model', () => {
    expect(embeddingsConfig(loadConfig({}))).toEqual({ kind: 'lsa' })
    expect(embeddingsConfig(loadConfig({ OPENAI_BASE_URL: '', OPENAI_API_KEY: ' ', EMBEDDINGS_MODEL: '' }))).toEqual({ kind: 'lsa' })
    // A chat endpoint alone does not switch the embeddings.
    expect(embeddingsConfig(loadConfig({ ...remote, EMBEDDINGS_MODEL: undefined }))).toEqual({ kind: 'lsa' })
  })

  it('uses the endpoint when all three are set', () => {
    expect(embeddingsConfig(loadConfig(remote))).toEqual({ kind: 'openai', model: 'nomic', baseURL: 'http://127.0.0.1:11434/v1', apiKey: 'key' })
  })

  it('rejects a model without an endpoint and a malformed address', () => {
    expect(() => loadConfig({ EMBEDDINGS_MODEL: 'nomic' })).toThrow(/EMBEDDINGS_MODEL needs OPENAI_BASE_URL and OPENAI_API_KEY/)
    expect(() => loadConfig({ ...remote, OPENAI_BASE_URL: 'not a url' })).toThrow(/OPENAI_BASE_URL must be an http:\/\/ or https:\/\/ address/)
    expect(() => loadConfig({ ...remote, OPENAI_BASE_URL: 'ftp://host/v1' })).toThrow(/OPENAI_BASE_URL/)
  })
})
