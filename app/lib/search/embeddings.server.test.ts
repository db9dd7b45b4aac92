import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { type AddressInfo } from 'node:net'
import { Embeddings, type EmbeddingsInterface } from '@langchain/core/embeddings'
import { OpenAIEmbeddings } from '@langchain/openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '~/lib/config.server'
import { embeddingsConfig } from '~/lib/providers.server'
import { createEmbeddings, LsaEmbeddings } from './embeddings.server'
import { embed, trainLsa } from './core/lsa'

const model = trainLsa(
  [
    'HMA hot mix asphalt density cores cut from the mat',
    'Asphalt rollers compact the mat behind the paver',
    'Concrete cylinders are broken for compressive strength',
    'PCC slump and air content on fresh concrete',
    'Guardrail posts and blockouts along the W-beam rail',
  ],
  { dimensions: 3, seed: 2 },
)

describe('LsaEmbeddings', () => {
  const embeddings = new LsaEmbeddings(model)

  it('implements LangChain embeddings', async () => {
    expect(embeddings).toBeInstanceOf(Embeddings)
    const asInterface: EmbeddingsInterface = embeddings
    const [first, second] = await asInterface.embedDocuments(['asphalt density', 'concrete cylinders'])
    expect(first).toEqual(embed(model, 'asphalt density'))
    expect(second).toEqual(embed(model, 'concrete cylinders'))
    expect(await asInterface.embedQuery('hot mix cores')).toEqual(embed(model, 'hot mix cores'))
    expect(embeddings.dimensions).toBe(3)
  })

  it('gives one vector per document, in order, and none for none', async () => {
    const texts = ['guardrail posts', 'HMA', 'slump']
    const vectors = await embeddings.embedDocuments(texts)
    expect(vectors).toHaveLength(3)
    for (const v of vectors) expect(v).toHaveLength(3)
    expect(await embeddings.embedDocuments([])).toEqual([])
  })

  it('embeds unknown words as the zero vector', async () => {
    expect(await embeddings.embedQuery('zebra xylophone')).toEqual([0, 0, 0])
  })
})

interface EmbeddingRequest {
  model: string
  input: string[] | string
  encoding_format?: string
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

describe('createEmbeddings', () => {
  let server: Server
  let baseURL: string
  const seen: { path?: string; authorization?: string; body: EmbeddingRequest }[] = []

  beforeAll(async () => {
    // Speaks the OpenAI embeddings protocol: the vector of a text is [its length, its index, 1].
    server = createServer((request, response) => {
      void readBody(request).then((raw) => {
        const body = JSON.parse(raw) as EmbeddingRequest
        seen.push({ path: request.url, authorization: request.headers.authorization, body })
        const inputs = Array.isArray(body.input) ? body.input : [body.input]
        const data = inputs.map((text, index) => {
          const vector = [text.length, index, 1]
          const embedding =
            body.encoding_format === 'base64'
              ? Buffer.from(new Float32Array(vector).buffer).toString('base64')
              : vector
          return { object: 'embedding', index, embedding }
        })
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ object: 'list', data, model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } }))
      })
    })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  })

  afterAll(() => {
    server.close()
  })

  it('returns the LSA embeddings by default, given the trained model', () => {
    const embeddings = createEmbeddings({ kind: 'lsa' }, { lsaModel: model })
    expect(embeddings).toBeInstanceOf(LsaEmbeddings)
  })

  it('says what to do when no model has been trained', () => {
    expect(() => createEmbeddings({ kind: 'lsa' })).toThrow(/run the ingest/)
  })

  it('reaches a configured OpenAI-compatible endpoint', async () => {
    const config = embeddingsConfig(loadConfig({ OPENAI_BASE_URL: baseURL, OPENAI_API_KEY: 'test-key', EMBEDDINGS_MODEL: 'tiny' }))
    const embeddings = createEmbeddings(config)
    expect(embeddings).toBeInstanceOf(OpenAIEmbeddings)

    expect(await embeddings.embedDocuments(['asphalt', 'concrete cylinders'])).toEqual([
      [7, 0, 1],
      [18, 1, 1],
    ])
    expect(await embeddings.embedQuery('hma')).toEqual([3, 0, 1])
    expect(seen[0]?.path).toBe('/v1/embeddings')
    expect(seen[0]?.authorization).toBe('Bearer test-key')
    expect(seen[0]?.body.model).toBe('tiny')
  })
})
