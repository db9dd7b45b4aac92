/**
 * Embeddings behind LangChain's `Embeddings` interface, chosen in one place: the LSA model trained on our
 * corpus by default (no network, no download), an OpenAI-compatible endpoint when configured
 * (~/lib/providers.server builds its client).
 */
import { Embeddings, type EmbeddingsParams } from '@langchain/core/embeddings'
import { createEmbeddingsClient, type EmbeddingsConfig } from '~/lib/providers.server'
import { embed, type LsaModel } from './core/lsa'

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
    return createEmbeddingsClient(config)
  }
  if (!options.lsaModel) {
    throw new Error('No embedding model has been trained yet: run the ingest, or configure an embeddings endpoint')
  }
  return new LsaEmbeddings(options.lsaModel)
}
