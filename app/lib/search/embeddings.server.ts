/**
 * Embeddings behind LangChain's `Embeddings` interface, chosen in one place: the LSA model trained on our
 * corpus by default (no network, no download), an OpenAI-compatible endpoint when configured.
 */
import { Embeddings, type EmbeddingsParams } from '@langchain/core/embeddings'
import { OpenAIEmbeddings } from '@langchain/openai'
import { z } from 'zod'
import { embed, type LsaModel } from './core/lsa'

/** An empty environment variable counts as unset. */
const setting = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional())

export const embeddingsConfigSchema = z
  .object({
    OPENAI_BASE_URL: setting(z.url({ protocol: /^https?$/ })),
    OPENAI_API_KEY: setting(z.string()),
    EMBEDDINGS_MODEL: setting(z.string()),
  })
  .superRefine((env, ctx) => {
    // OPENAI_BASE_URL and OPENAI_API_KEY alone may serve the chat model; a model name alone is a mistake.
    if (env.EMBEDDINGS_MODEL && !(env.OPENAI_BASE_URL && env.OPENAI_API_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['EMBEDDINGS_MODEL'],
        message: 'EMBEDDINGS_MODEL needs OPENAI_BASE_URL and OPENAI_API_KEY as well',
      })
    }
  })
  .transform((env): EmbeddingsConfig =>
    env.EMBEDDINGS_MODEL && env.OPENAI_BASE_URL && env.OPENAI_API_KEY
      ? { kind: 'openai', model: env.EMBEDDINGS_MODEL, baseURL: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY }
      : { kind: 'lsa' },
  )

export type EmbeddingsConfig =
  | { kind: 'lsa' }
  | { kind: 'openai'; model: string; baseURL: string; apiKey: string }

/** Reads the embeddings settings from an environment (pass `process.env` at the edge). Throws a ZodError. */
export function parseEmbeddingsConfig(env: Record<string, string | undefined>): EmbeddingsConfig {
  return embeddingsConfigSchema.parse(env)
}

/**
 * The corpus-trained LSA model as LangChain embeddings. A text with no known term embeds as the zero vector:
 * treat it as "no vector evidence" (see `embed` in ./lsa).
 */
export class LsaEmbeddings extends Embeddings {
  constructor(
    readonly model: LsaModel,
    params: EmbeddingsParams = {},
  ) {
    super(params)
  }

  get dimensions(): number {
    return this.model.dimensions
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    return texts.map((text) => embed(this.model, text))
  }

  async embedQuery(text: string): Promise<number[]> {
    return embed(this.model, text)
  }
}

export interface CreateEmbeddingsOptions {
  /** The model kept in the database by the last ingest; required unless an endpoint is configured. */
  lsaModel?: LsaModel
}

export function createEmbeddings(config: EmbeddingsConfig, options: CreateEmbeddingsOptions = {}): Embeddings {
  if (config.kind === 'openai') {
    // Plain float arrays: the openai client otherwise asks for base64, which several OpenAI-compatible
    // servers (llama.cpp, Ollama, some vLLM versions) do not produce.
    return new OpenAIEmbeddings({
      model: config.model,
      apiKey: config.apiKey,
      encodingFormat: 'float',
      configuration: { baseURL: config.baseURL },
    })
  }
  if (!options.lsaModel) {
    throw new Error('No embedding model has been trained yet: run the ingest, or configure an embeddings endpoint')
  }
  return new LsaEmbeddings(options.lsaModel)
}
