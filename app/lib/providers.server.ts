/**
 * The model providers, built in one place from the configuration (config.server.ts): the chat model
 * (answers and trend insights), the vision model (photo analysis) and the embeddings endpoint. Each is an
 * OpenAI-compatible server; each is optional, and `null` (or `{ kind: 'lsa' }`) means "not configured".
 *
 * - Chat: LLM_MODEL and OPENAI_API_KEY turn it on; OPENAI_BASE_URL, LLM_TIMEOUT_MS, LLM_STRUCTURED_METHOD.
 * - Vision: VISION_MODEL and a key (VISION_API_KEY, else OPENAI_API_KEY); VISION_BASE_URL, else
 *   OPENAI_BASE_URL, else OpenAI's own; VISION_TIMEOUT_MS.
 * - Embeddings: EMBEDDINGS_MODEL with OPENAI_BASE_URL and OPENAI_API_KEY (the schema refuses the model name
 *   alone); otherwise the LSA model trained at ingest.
 */
import { ChatOpenAI, OpenAIEmbeddings } from '@langchain/openai'
import type { LLM_STRUCTURED_METHODS } from '../../config/settings.mjs'
import { config, type Config } from './config.server'

export type StructuredMethod = (typeof LLM_STRUCTURED_METHODS)[number]

export interface LlmConfig {
  model: string
  apiKey: string
  baseURL: string | undefined
  timeoutMs: number
  method: StructuredMethod
}

export interface VisionConfig {
  model: string
  apiKey: string
  baseURL: string
  timeoutMs: number
}

export type EmbeddingsConfig = { kind: 'lsa' } | { kind: 'openai'; model: string; baseURL: string; apiKey: string }

const OPENAI_BASE_URL = 'https://api.openai.com/v1'

export function chatModelConfig(settings: Config = config()): LlmConfig | null {
  const { LLM_MODEL: model, OPENAI_API_KEY: apiKey } = settings
  if (!model || !apiKey) return null
  return { model, apiKey, baseURL: settings.OPENAI_BASE_URL, timeoutMs: settings.LLM_TIMEOUT_MS, method: settings.LLM_STRUCTURED_METHOD }
}

export function visionModelConfig(settings: Config = config()): VisionConfig | null {
  const model = settings.VISION_MODEL
  const apiKey = settings.VISION_API_KEY ?? settings.OPENAI_API_KEY
  if (!model || !apiKey) return null
  return { model, apiKey, baseURL: settings.VISION_BASE_URL ?? settings.OPENAI_BASE_URL ?? OPENAI_BASE_URL, timeoutMs: settings.VISION_TIMEOUT_MS }
}

export function embeddingsConfig(settings: Config = config()): EmbeddingsConfig {
  const { EMBEDDINGS_MODEL: model, OPENAI_BASE_URL: baseURL, OPENAI_API_KEY: apiKey } = settings
  return model && baseURL && apiKey ? { kind: 'openai', model, baseURL, apiKey } : { kind: 'lsa' }
}

/** The chat model; time limits are the caller's (an abort signal), so the client neither waits longer nor retries. */
export function createChatModel(llm: LlmConfig): ChatOpenAI {
  return new ChatOpenAI({
    model: llm.model,
    apiKey: llm.apiKey,
    configuration: llm.baseURL ? { baseURL: llm.baseURL } : {},
    timeout: llm.timeoutMs,
    maxRetries: 0,
  })
}

export interface VisionClient {
  readonly model: string
  readonly timeoutMs: number
  /** POSTs one chat-completions request; rejects with a TimeoutError past the time limit. */
  chatCompletion(body: object): Promise<Response>
}

/**
 * The vision model as a plain fetch rather than ChatOpenAI: the request is one message with an image part
 * and a JSON response format, and a plain call keeps the time limit and the error handling exact.
 */
export function createVisionClient(vision: VisionConfig): VisionClient {
  return {
    model: vision.model,
    timeoutMs: vision.timeoutMs,
    chatCompletion: (body) =>
      fetch(`${vision.baseURL}/chat/completions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${vision.apiKey}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(vision.timeoutMs),
      }),
  }
}

/**
 * Embeddings from the configured endpoint. Plain float arrays: the openai client otherwise asks for base64,
 * which several OpenAI-compatible servers (llama.cpp, Ollama, some vLLM versions) do not produce.
 */
export function createEmbeddingsClient(embeddings: Extract<EmbeddingsConfig, { kind: 'openai' }>): OpenAIEmbeddings {
  return new OpenAIEmbeddings({
    model: embeddings.model,
    apiKey: embeddings.apiKey,
    encodingFormat: 'float',
    configuration: { baseURL: embeddings.baseURL },
  })
}
