/**
 * The embedding model of the stored vectors, on both sides: ingest (train, embed, switch) and search
 * (embed the question with the same model).
 *
 * Which model is current: the `embedding_models` table holds one row, the current model. A new model is
 * trained, every chunk is re-embedded with it in batches (those rows name the new model in
 * `chunks.embedding_model`, so searches, which compare only vectors of the current model, ignore them until
 * the switch), then ONE statement inserts the new row and deletes the old one: the switch. A kill before the
 * switch leaves the old model current; the next ingest or start sees a training hash that differs and
 * trains again. Should several rows ever exist, the latest `trained_at` is current.
 *
 * An ingest that trained a model before writing its documents (`prepareEmbeddings`) re-embeds the other
 * stored chunks first (`embedStoredChunks`) and makes the switch the last statement of the document's own
 * transaction (`activationStatement`), so the vectors it writes never commit without their model row
 * (docs/decisions/010). `embeddingsNeedRepair` tells an ingest that found nothing to write whether an
 * interrupted run left vectors of a model that is not the current one.
 *
 * - Default (LSA, no network): trained on every chunk's text (section, title, heading path, body) when the
 *   training hash (sha256 over chunk ids and content hashes, in id order) differs from the stored one.
 *   Vocabulary and dimensions are capped (LSA_LIMITS) so that training stays within budget on a
 *   1,000-page book; see scripts/bench-ingest.ts for the figures.
 * - OPENAI_BASE_URL + OPENAI_API_KEY + EMBEDDINGS_MODEL: chunks are embedded through that endpoint,
 *   model name `openai:<model>`; only chunks without a vector of that model are embedded.
 */
import { createHash } from 'node:crypto'
import type { Embeddings } from '@langchain/core/embeddings'
import { desc, sql, type SQL } from 'drizzle-orm'
import { rowsOf, type DbHandle } from '@db/client'
import { embeddingModels } from '@db/schema'
import {
  LSA_FORMAT,
  deserializeLsa,
  embed,
  isZeroVector,
  serializeLsa,
  trainLsa,
  type LsaModel,
  type LsaOptions,
  type SerializedLsaModel,
} from './core/lsa'
import type { Config } from '~/lib/config.server'
import { embeddingsConfig, type EmbeddingsConfig } from '~/lib/providers.server'
import { createEmbeddings, LsaEmbeddings } from './embeddings.server'
import { embeddingText, type ChunkEmbedder, type IngestChunk } from './core/chunk'
import { TOKENIZER_VERSION } from './core/tokenize'

/**
 * Caps that keep training time bounded. Measured on this 2-core machine (scripts/bench-ingest.ts, load
 * average ~4 from other work): the bundled corpus (538 chunks, ~1,750 terms) trains in ~1.0 s; a generated
 * 1,000-page book (2,911 chunks, 2,055 terms with df >= 2) in 3.8-5.3 s at 128 dimensions (64 dimensions:
 * about 40 % of that). The randomized SVD costs nnz x (k + 10) for the sparse products and
 * min(documents, terms) x (k + 10)^2 for the QR steps, so the dimension k is the main lever. 256 was
 * chosen by the fusion sweep of `npm run bench:retrieval -- --sweep` (docs/decisions/001: with the tuned
 * fusion it ranked best on the own set without losing on the dev set). It costs twice the model size and
 * about three times the training time: the 1,000-page book trained in 13.3 s (ingest total 25 s, load ~4).
 * The vocabulary cap bounds the stored model (terms x k x 4 bytes: at most 20,000 x 256 = 20 MB) and the
 * cost of embedding; above 2,000 chunks, terms seen in one chunk only are dropped (mostly ids and noise).
 */
export const LSA_LIMITS = { dimensions: 256, maxVocab: 20_000, minDf: 1 } as const
/** Above this many training texts, terms seen in a single chunk are dropped (mostly OCR noise and ids). */
const MIN_DF_2_ABOVE = 2_000

const UPDATE_BATCH = 500
const EMBED_SLICE = 200

export type TrainFn = (texts: string[], options: LsaOptions) => Promise<SerializedLsaModel>
const REMOTE_BATCH = 64

export interface CurrentModelRow {
  name: string
  format: string
  dimensions: number
  trainingHash: string
}

export interface EmbeddingUpdate {
  model: string | null
  /** 'trained' (a new LSA model), 'kept' (hash unchanged), 'remote' (endpoint), 'none' (no chunks) */
  action: 'trained' | 'kept' | 'remote' | 'none'
  /** Chunks whose vector was (re)written. */
  embedded: number
  millis: { train: number; embed: number; write: number }
}

export async function currentModelRow(handle: DbHandle): Promise<CurrentModelRow | null> {
  const [row] = await handle.db
    .select({
      name: embeddingModels.name,
      format: embeddingModels.format,
      dimensions: embeddingModels.dimensions,
      trainingHash: embeddingModels.trainingHash,
    })
    .from(embeddingModels)
    .orderBy(desc(embeddingModels.trainedAt))
    .limit(1)
  return row ?? null
}

const lsaCache = new Map<string, LsaModel>()

async function loadLsa(handle: DbHandle, name: string): Promise<LsaModel> {
  const cached = lsaCache.get(name)
  if (cached) return cached
  const result = await handle.db.execute(sql`select model from embedding_models where name = ${name}`)
  const [row] = rowsOf<{ model: unknown }>(result)
  if (!row) throw new Error(`embedding model ${name} disappeared`)
  const model = deserializeLsa(row.model)
  lsaCache.clear() // one model at a time: they can be several MB
  lsaCache.set(name, model)
  return model
}

/**
 * NULL for a vector without direction. Values are cut to 7 significant digits: pgvector stores float4
 * anyway, and the shorter text makes the insert statements smaller to send and parse.
 */
function vectorOrNull(vector: number[]): number[] | null {
  if (vector.length === 0 || isZeroVector(vector) || vector.some((x) => !Number.isFinite(x))) return null
  return vector.map((x) => Number(x.toPrecision(7)))
}

function lsaEmbedder(name: string, model: LsaModel): ChunkEmbedder {
  return { name, embedTexts: (texts) => embedAll(model, texts) }
}

function remoteEmbedder(config: Extract<EmbeddingsConfig, { kind: 'openai' }>): ChunkEmbedder {
  const embeddings = createEmbeddings(config)
  return {
    name: `openai:${config.model}`,
    embedTexts: async (texts) => {
      const out: Array<number[] | null> = []
      for (let i = 0; i < texts.length; i += REMOTE_BATCH) {
        const vectors = await embeddings.embedDocuments(texts.slice(i, i + REMOTE_BATCH))
        out.push(...vectors.map(vectorOrNull))
      }
      return out
    },
  }
}

export function trainingHash(rows: Array<{ id: string; contentHash: string }>): string {
  const hash = createHash('sha256')
  // A new tokenizer makes other terms: the model is retrained even when no chunk changed.
  hash.update(`tokenizer ${TOKENIZER_VERSION}\n`)
  for (const row of rows) hash.update(`${row.id}\u0000${row.contentHash}\n`)
  return hash.digest('hex')
}

async function writeVectors(handle: DbHandle, name: string, ids: string[], vectors: Array<number[] | null>): Promise<void> {
  for (let start = 0; start < ids.length; start += UPDATE_BATCH) {
    const values = sql.join(
      ids.slice(start, start + UPDATE_BATCH).map((id, i) => {
        const vector = vectors[start + i]
        return sql`(${id}::text, ${vector ? `[${vector.join(',')}]` : null}::vector)`
      }),
      sql`, `,
    )
    await handle.db.execute(
      sql`update chunks set embedding = v.embedding, embedding_model = ${name} from (values ${values}) as v(id, embedding) where chunks.id = v.id`,
    )
  }
}

interface ModelRow {
  name: string
  format: string
  dimensions: number
  trainingHash: string
  model: unknown
}

/** Makes `name` the only, current model: one statement, so searches see the old model or the new one. */
async function switchModel(handle: DbHandle, row: ModelRow): Promise<void> {
  await handle.db.execute(switchStatement(row))
}

function switchStatement(row: ModelRow): SQL {
  return sql`
    with upserted as (
      insert into embedding_models (name, format, dimensions, training_hash, model, trained_at)
      values (${row.name}, ${row.format}, ${row.dimensions}, ${row.trainingHash}, ${JSON.stringify(row.model)}::jsonb, now())
      on conflict (name) do update set format = excluded.format, dimensions = excluded.dimensions,
        training_hash = excluded.training_hash, model = excluded.model, trained_at = excluded.trained_at
      returning name
    )
    delete from embedding_models where name <> (select name from upserted)`
}

interface ChunkTextRow {
  id: string
  content_hash: string
  section: string | null
  section_title: string | null
  heading_path: string
  text: string
  embedding_model: string | null
}

function textOf(row: ChunkTextRow): string {
  return embeddingText({ section: row.section, sectionTitle: row.section_title, headingPath: row.heading_path, text: row.text })
}

export interface UpdateEmbeddingsOptions {
  /** The settings to take the embeddings endpoint from (default: this process's). */
  settings?: Config
  onProgress?: (message: string) => void
  /** Override the LSA caps (tests, benchmarks). */
  lsa?: Partial<typeof LSA_LIMITS>
  /** A model trained by `prepareEmbeddings` before the documents were written (used if its hash still holds). */
  prepared?: PreparedEmbeddings | null
  /** Where to train (default: in process). */
  train?: TrainFn
}

/**
 * Brings the stored vectors in line with the chunks: retrains the LSA model when the chunks changed (or
 * embeds the missing vectors through the configured endpoint), then switches the current model.
 */
export async function updateEmbeddings(handle: DbHandle, options: UpdateEmbeddingsOptions = {}): Promise<EmbeddingUpdate> {
  const config = embeddingsConfig(options.settings)
  const progress = options.onProgress ?? (() => {})
  const millis = { train: 0, embed: 0, write: 0 }
  const current = await currentModelRow(handle)

  if (config.kind === 'openai') {
    const embedder = remoteEmbedder(config)
    const missing = rowsOf<ChunkTextRow>(
      await handle.db.execute(
        sql`select id, content_hash, section, section_title, heading_path, text, embedding_model from chunks where embedding_model is distinct from ${embedder.name} order by id`,
      ),
    )
    let dimensions = current?.name === embedder.name ? current.dimensions : 0
    for (let start = 0; start < missing.length; start += UPDATE_BATCH) {
      const batch = missing.slice(start, start + UPDATE_BATCH)
      const t0 = performance.now()
      const vectors = await embedder.embedTexts(batch.map(textOf))
      const t1 = performance.now()
      await writeVectors(handle, embedder.name, batch.map((row) => row.id), vectors)
      millis.embed += t1 - t0
      millis.write += performance.now() - t1
      dimensions ||= vectors.find((v) => v)?.length ?? 0
      progress(`embedded ${Math.min(start + UPDATE_BATCH, missing.length)}/${missing.length} chunks through ${embedder.name}`)
    }
    if (current?.name !== embedder.name) {
      await switchModel(handle, {
        name: embedder.name,
        format: 'openai',
        dimensions,
        trainingHash: '',
        model: { model: config.model, baseURL: config.baseURL },
      })
    }
    return { model: embedder.name, action: 'remote', embedded: missing.length, millis }
  }

  // Sorted here, not in SQL: the database's collation may not order text by code point.
  const all = rowsOf<ChunkTextRow>(
    await handle.db.execute(
      sql`select id, content_hash, section, section_title, heading_path, text, embedding_model from chunks`,
    ),
  ).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  if (all.length < 2) {
    if (current) await handle.db.delete(embeddingModels)
    return { model: null, action: 'none', embedded: 0, millis }
  }
  const hash = trainingHash(all.map((row) => ({ id: row.id, contentHash: row.content_hash })))
  if (current && current.format === LSA_FORMAT && current.trainingHash === hash) {
    // Same texts: keep the model; embed only rows that lack its vector (e.g. after an interrupted switch).
    const missing = all.filter((row) => row.embedding_model !== current.name)
    if (missing.length > 0) {
      const model = await loadLsa(handle, current.name)
      const t0 = performance.now()
      const vectors = await embedAll(model, missing.map(textOf))
      const t1 = performance.now()
      await writeVectors(handle, current.name, missing.map((row) => row.id), vectors)
      millis.embed = t1 - t0
      millis.write = performance.now() - t1
    }
    // The model this ingest trained, already switched to in its document transaction: report the training.
    const activated = options.prepared?.lsa
    if (activated?.name === current.name) {
      lsaCache.clear()
      lsaCache.set(current.name, activated.model)
      return {
        model: current.name,
        action: 'trained',
        embedded: activated.stored.embedded + missing.length,
        millis: { train: activated.trainMillis, embed: activated.stored.embedMillis + millis.embed, write: activated.stored.writeMillis + millis.write },
      }
    }
    return { model: current.name, action: 'kept', embedded: missing.length, millis }
  }

  let model: LsaModel
  let name: string
  const prepared = options.prepared?.lsa
  if (prepared && prepared.trainingHash === hash) {
    model = prepared.model
    name = prepared.name
    millis.train = prepared.trainMillis
  } else {
    progress(`training the embedding model on ${all.length} chunks`)
    const t0 = performance.now()
    model = await trainWithLimits(all.map(textOf), options.lsa, options.train)
    millis.train = performance.now() - t0
    name = `lsa-${hash.slice(0, 12)}`
  }
  // Rows written by this ingest already carry vectors of the prepared model; embed the others.
  const missing = all.filter((row) => row.embedding_model !== name)
  const t1 = performance.now()
  const vectors = await embedAll(model, missing.map(textOf))
  const t2 = performance.now()
  progress(`writing ${vectors.length} vectors (${model.dimensions} dimensions, ${model.vocabulary.size} terms)`)
  await writeVectors(handle, name, missing.map((row) => row.id), vectors)
  await switchModel(handle, {
    name,
    format: LSA_FORMAT,
    dimensions: model.dimensions,
    trainingHash: hash,
    model: serializeLsa(model),
  })
  lsaCache.clear()
  lsaCache.set(name, model)
  millis.embed = t2 - t1
  millis.write = performance.now() - t2
  return { model: name, action: 'trained', embedded: missing.length, millis }
}

/** Trains in process, or through `train` (a worker thread in a running server). */
async function trainWithLimits(texts: string[], overrides: Partial<typeof LSA_LIMITS> = {}, train?: TrainFn): Promise<LsaModel> {
  const limits = { ...LSA_LIMITS, ...overrides }
  const options = {
    dimensions: limits.dimensions,
    maxVocab: limits.maxVocab,
    minDf: texts.length > MIN_DF_2_ABOVE ? Math.max(2, limits.minDf) : limits.minDf,
  }
  return train ? deserializeLsa(await train(texts, options)) : trainLsa(texts, options)
}

/** Embeds many texts, yielding to the event loop between slices so a serving process stays responsive. */
async function embedAll(model: LsaModel, texts: string[]): Promise<Array<number[] | null>> {
  const out: Array<number[] | null> = []
  for (let i = 0; i < texts.length; i += EMBED_SLICE) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve))
    for (const text of texts.slice(i, i + EMBED_SLICE)) out.push(vectorOrNull(embed(model, text)))
  }
  return out
}

export interface PreparedEmbeddings {
  /** Stores new and changed chunks with a vector at insert time (not rewritten afterwards). */
  embedder: ChunkEmbedder | null
  /** A newly trained model, not yet current. `stored`: what `embedStoredChunks` wrote with it. */
  lsa?: {
    name: string
    model: LsaModel
    trainingHash: string
    trainMillis: number
    stored: { embedded: number; embedMillis: number; writeMillis: number }
  }
}

/**
 * Before documents are written: the embedder their new chunks should be stored with. On the LSA default
 * this trains the model the chunks will have once these documents are replaced (the stored chunks of
 * other documents plus the given ones), so a large new document is written once, with its vectors,
 * instead of being inserted and then updated. The switch to that model happens in `updateEmbeddings`.
 */
export async function prepareEmbeddings(
  handle: DbHandle,
  replacing: Array<{ documentId: string; chunks: Array<IngestChunk> }>,
  options: Pick<UpdateEmbeddingsOptions, 'settings' | 'lsa' | 'onProgress' | 'train'> = {},
): Promise<PreparedEmbeddings> {
  const config = embeddingsConfig(options.settings)
  if (config.kind === 'openai') return { embedder: remoteEmbedder(config) }
  if (replacing.length === 0) return { embedder: null }
  const ids = replacing.map((r) => r.documentId)
  const others = rowsOf<ChunkTextRow>(
    await handle.db.execute(
      sql`select id, content_hash, section, section_title, heading_path, text, embedding_model from chunks where document_id <> all(${sql.param(ids)}::text[])`,
    ),
  )
  const entries = [
    ...others.map((row) => ({ id: row.id, contentHash: row.content_hash, text: textOf(row) })),
    ...replacing.flatMap((r) => r.chunks.map((chunk) => ({ id: chunk.id, contentHash: chunk.contentHash, text: embeddingText(chunk) }))),
  ].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  if (entries.length < 2) return { embedder: null }
  const hash = trainingHash(entries)
  const current = await currentModelRow(handle)
  if (current && current.format === LSA_FORMAT && current.trainingHash === hash) {
    return { embedder: lsaEmbedder(current.name, await loadLsa(handle, current.name)) }
  }
  options.onProgress?.(`training the embedding model on ${entries.length} chunks`)
  const t0 = performance.now()
  const model = await trainWithLimits(entries.map((e) => e.text), options.lsa, options.train)
  const trainMillis = performance.now() - t0
  const name = `lsa-${hash.slice(0, 12)}`
  return {
    embedder: lsaEmbedder(name, model),
    lsa: { name, model, trainingHash: hash, trainMillis, stored: { embedded: 0, embedMillis: 0, writeMillis: 0 } },
  }
}

/**
 * The statement that makes the prepared model current, for the end of the transaction that writes the
 * documents it was trained for (null: no new model, nothing to switch). Run it only after
 * `embedStoredChunks`, so that every chunk has a vector of the model when it becomes current.
 */
export function activationStatement(prepared: PreparedEmbeddings): SQL | null {
  const lsa = prepared.lsa
  if (!lsa) return null
  return switchStatement({
    name: lsa.name,
    format: LSA_FORMAT,
    dimensions: lsa.model.dimensions,
    trainingHash: lsa.trainingHash,
    model: serializeLsa(lsa.model),
  })
}

/**
 * Before the transaction that switches to the prepared model: gives the stored chunks that will still be
 * there after it a vector of that model (batched, outside any transaction; searches ignore them until the
 * switch). Left out: the chunks of `replacing` that its new version drops or rewrites, since that transaction
 * deletes them. Other documents about to be replaced are embedded whole (they are written after the switch).
 */
export async function embedStoredChunks(
  handle: DbHandle,
  prepared: PreparedEmbeddings,
  replacing: { documentId: string; chunks: Array<Pick<IngestChunk, 'id' | 'contentHash'>> },
): Promise<number> {
  const lsa = prepared.lsa
  if (!lsa) return 0
  const kept = new Set(replacing.chunks.map((chunk) => `${chunk.id}\u0000${chunk.contentHash}`))
  const stale = rowsOf<ChunkTextRow & { document_id: string }>(
    await handle.db.execute(
      sql`select id, document_id, content_hash, section, section_title, heading_path, text, embedding_model from chunks where embedding_model is distinct from ${lsa.name}`,
    ),
  ).filter((row) => row.document_id !== replacing.documentId || kept.has(`${row.id}\u0000${row.content_hash}`))
  if (stale.length === 0) return 0
  const t0 = performance.now()
  const vectors = await embedAll(lsa.model, stale.map(textOf))
  const t1 = performance.now()
  await writeVectors(handle, lsa.name, stale.map((row) => row.id), vectors)
  lsa.stored.embedded += stale.length
  lsa.stored.embedMillis += t1 - t0
  lsa.stored.writeMillis += performance.now() - t1
  return stale.length
}

/**
 * Whether the stored vectors are out of line with the models (an interrupted ingest, or a configuration
 * change): a chunk whose vector names another model than the current one, no current model for two or more
 * chunks, or a current model of another kind than the configured one. `updateEmbeddings` mends all of these.
 */
export async function embeddingsNeedRepair(handle: DbHandle): Promise<boolean> {
  const current = await currentModelRow(handle)
  const [row] = rowsOf<{ stale: boolean; chunks: string | number }>(
    await handle.db.execute(sql`
      select exists (select 1 from chunks where embedding_model is distinct from ${current?.name ?? null}) as stale,
             (select count(*) from chunks) as chunks`),
  )
  if (row!.stale) return true
  if (!current) return Number(row!.chunks) >= 2
  const config = embeddingsConfig()
  return config.kind === 'openai' ? current.name !== `openai:${config.model}` : current.format !== LSA_FORMAT
}

// --- query side ----------------------------------------------------------------------------------------

export interface QueryEmbedder {
  /** chunks.embedding_model of the vectors this embedder's queries may be compared with */
  name: string
  embeddings: Embeddings
}

/** How long a handle's answer is trusted before the current model's name is read again (another process may ingest). */
const RECHECK_MS = 10_000

interface CacheEntry {
  generation: number
  checkedAt: number
  name: string | null
  value: Promise<QueryEmbedder | null>
}

const queryCache = new WeakMap<DbHandle, CacheEntry>()
let generation = 0

async function buildQueryEmbedder(handle: DbHandle, row: CurrentModelRow | null): Promise<QueryEmbedder | null> {
  if (!row) return null
  if (row.format === LSA_FORMAT) {
    return { name: row.name, embeddings: new LsaEmbeddings(await loadLsa(handle, row.name)) }
  }
  if (row.format === 'openai') {
    const config = embeddingsConfig()
    // Vectors made by an endpoint can only be searched with that same endpoint model.
    if (config.kind !== 'openai' || `openai:${config.model}` !== row.name) return null
    return { name: row.name, embeddings: createEmbeddings(config) }
  }
  return null
}

/**
 * The embeddings to turn a question into a vector comparable with the stored ones (those whose
 * `embedding_model` equals `name`), or null when there is no usable model. Cached per handle; the model's
 * name is re-read at most every 10 s so an ingest by another process is picked up.
 */
export async function getQueryEmbedder(handle: DbHandle): Promise<QueryEmbedder | null> {
  const now = Date.now()
  const entry = queryCache.get(handle)
  const fresh = entry?.generation === generation
  if (entry && fresh && now - entry.checkedAt < RECHECK_MS) return entry.value
  const row = await currentModelRow(handle)
  const name = row?.name ?? null
  if (entry && fresh && entry.name === name) {
    entry.checkedAt = now
    return entry.value
  }
  const value = buildQueryEmbedder(handle, row).catch((error: unknown) => {
    queryCache.delete(handle)
    throw error
  })
  queryCache.set(handle, { generation, checkedAt: now, name, value })
  return value
}

/** Forget the cached query embedder (after an ingest in this process). */
export function invalidateQueryEmbedder(): void {
  generation++
}

/** The name the search brief gives to the ingest-side update. */
export const trainAndEmbed = updateEmbeddings
