/**
 * Loads the product's own knowledge records from corpus/ (Markdown with YAML front matter),
 * validates them with the schemas in ./schema and keeps them in memory.
 *
 * The corpus directory is CORPUS_DIR (config.server.ts), read when a loader first runs. An invalid record throws an Error naming the file and the failing field; a failed load is
 * not cached, so a corrected file is picked up on the next call.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { config } from '../config.server'
import matter from 'gray-matter'
import type { z } from 'zod'
import {
  cheatSheetSchema,
  documentCatalogueSchema,
  drawingSchema,
  recordBodySchema,
  type CheatSheet,
  type DocumentCatalogue,
  type Drawing,
} from './schema'

export function corpusDir(): string {
  return config().CORPUS_DIR
}

let drawingsPromise: Promise<Drawing[]> | undefined
let cheatSheetsPromise: Promise<CheatSheet[]> | undefined
let cataloguePromise: Promise<DocumentCatalogue> | undefined

/** Forget the cached records (tests, or after the corpus changed on disk). */
export function clearCorpusCache(): void {
  drawingsPromise = undefined
  cheatSheetsPromise = undefined
  cataloguePromise = undefined
}

export function loadDrawings(): Promise<Drawing[]> {
  drawingsPromise ??= readRecordDirectory('drawings', drawingSchema).catch((error: unknown) => {
    drawingsPromise = undefined
    throw error
  })
  return drawingsPromise
}

export function loadCheatSheets(): Promise<CheatSheet[]> {
  cheatSheetsPromise ??= readRecordDirectory('cheat-sheets', cheatSheetSchema).catch((error: unknown) => {
    cheatSheetsPromise = undefined
    throw error
  })
  return cheatSheetsPromise
}

export function loadDocumentCatalogue(): Promise<DocumentCatalogue> {
  cataloguePromise ??= readCatalogue().catch((error: unknown) => {
    cataloguePromise = undefined
    throw error
  })
  return cataloguePromise
}

/** One drawing by id (including 'construction-manual'), or undefined. */
export async function findDrawing(id: string): Promise<Drawing | undefined> {
  return (await loadDrawings()).find((drawing) => drawing.id === id)
}

/**
 * Links between records that a single schema cannot see: cheat sheets that name a missing drawing,
 * catalogue cards whose anchor has no drawing record, drawing records without a catalogue card.
 * Returns one message per problem (empty when the corpus is consistent).
 */
export function findCorpusLinkProblems(
  drawings: readonly Pick<Drawing, 'id'>[],
  cheatSheets: readonly Pick<CheatSheet, 'id' | 'drawingSpecs'>[],
  catalogue: DocumentCatalogue,
): string[] {
  const problems: string[] = []
  const drawingIds = new Set(drawings.map((drawing) => drawing.id))
  for (const sheet of cheatSheets) {
    for (const spec of sheet.drawingSpecs) {
      if (!drawingIds.has(spec.drawingId)) {
        problems.push(`cheat sheet '${sheet.id}' names unknown drawing '${spec.drawingId}'`)
      }
    }
  }
  const anchors = new Set<string>()
  for (const category of catalogue.categories) {
    for (const card of category.documents) {
      if (card.anchor === undefined) continue
      anchors.add(card.anchor)
      if (!drawingIds.has(card.anchor)) {
        problems.push(`catalogue card '${card.id}' has anchor '${card.anchor}' with no drawing record`)
      }
    }
  }
  for (const id of drawingIds) {
    if (!anchors.has(id)) problems.push(`drawing record '${id}' has no catalogue card`)
  }
  return problems
}

type RecordSchema<T> = z.ZodType<T>

async function readRecordDirectory<T extends { id: string }>(
  subdirectory: string,
  schema: RecordSchema<T>,
): Promise<(T & { notes: string })[]> {
  const directory = path.join(corpusDir(), subdirectory)
  // README.md files document a folder and are not records (the ingest CLI skips them too).
  const names = (await readdir(directory)).filter((name) => name.endsWith('.md') && name !== 'README.md').sort()
  const records: (T & { notes: string })[] = []
  const seen = new Set<string>()
  for (const name of names) {
    const file = path.join(directory, name)
    const { data, body } = await readMarkdown(file)
    const record = parseOrThrow(schema, data, file)
    const notes = parseOrThrow(recordBodySchema, body, file, 'body')
    if (`${record.id}.md` !== name) {
      throw new Error(`Invalid record ${file}: id '${record.id}' does not match the file name`)
    }
    if (seen.has(record.id)) throw new Error(`Invalid record ${file}: duplicate id '${record.id}'`)
    seen.add(record.id)
    records.push({ ...record, notes })
  }
  return records
}

async function readCatalogue(): Promise<DocumentCatalogue> {
  const file = path.join(corpusDir(), 'documents', 'catalogue.md')
  const { data } = await readMarkdown(file)
  return parseOrThrow(documentCatalogueSchema, data, file)
}

async function readMarkdown(file: string): Promise<{ data: unknown; body: string }> {
  const raw = await readFile(file, 'utf8')
  let parsed: matter.GrayMatterFile<string>
  try {
    // Passing options bypasses gray-matter's module-level cache, which returns shared objects.
    parsed = matter(raw, {})
  } catch (error) {
    throw new Error(`Invalid record ${file}: front matter is not valid YAML (${String(error)})`, { cause: error })
  }
  return { data: parsed.data, body: parsed.content }
}

function parseOrThrow<T>(schema: RecordSchema<T>, value: unknown, file: string, part?: string): T {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issues = result.error.issues
    .map((issue) => {
      const where = [part, ...issue.path.map(String)].filter(Boolean).join('.') || '(front matter)'
      return `${where}: ${issue.message}`
    })
    .join('; ')
  throw new Error(`Invalid record ${file}: ${issues}`)
}
