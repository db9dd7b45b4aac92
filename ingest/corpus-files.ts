/**
 * Loads the Markdown files of corpus/ into the database (table corpus_files), one row per file with
 * its front matter, body and a content hash. Unchanged files are skipped; files that disappeared are
 * removed; everything happens in one transaction, so a crash leaves the previous load intact.
 */
import { createHash } from 'node:crypto'
import type { Dirent } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import matter from 'gray-matter'
import { inArray, notInArray } from 'drizzle-orm'
import type { DbHandle } from '../db/client'
import { corpusFiles } from '../db/schema'

export interface CorpusFile {
  path: string
  kind: string
  title: string
  contentHash: string
  frontMatter: Record<string, unknown>
  body: string
}

export interface CorpusLoadSummary {
  files: number
  added: number
  updated: number
  unchanged: number
  removed: number
}

async function listMarkdown(dir: string): Promise<string[]> {
  let entries: Dirent[]
  try {
    entries = await fs.readdir(dir, { withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) return listMarkdown(full)
      return entry.isFile() && entry.name.endsWith('.md') && entry.name !== 'README.md' ? [full] : []
    }),
  )
  return nested.flat().sort()
}

/** Reads and parses every corpus file. The kind is the front matter's `kind` or the top folder's name. */
export async function readCorpus(corpusDir: string): Promise<CorpusFile[]> {
  const files = await listMarkdown(corpusDir)
  return Promise.all(
    files.map(async (file) => {
      const raw = await fs.readFile(file, 'utf8')
      const relative = path.relative(corpusDir, file).split(path.sep).join('/')
      let parsed: matter.GrayMatterFile<string>
      try {
        // Passing options turns off gray-matter's cache, which would otherwise hide a YAML error on re-parse.
        parsed = matter(raw, { excerpt: false })
      } catch (error) {
        throw new Error(`corpus/${relative}: front matter is not valid YAML (${(error as Error).message})`)
      }
      const data = parsed.data as Record<string, unknown>
      const folder = relative.includes('/') ? relative.split('/')[0]! : 'misc'
      const title = typeof data.title === 'string' ? data.title : path.basename(file, '.md')
      return {
        path: relative,
        kind: typeof data.kind === 'string' ? data.kind : folder,
        title,
        contentHash: createHash('sha256').update(raw).digest('hex'),
        frontMatter: JSON.parse(JSON.stringify(data)) as Record<string, unknown>,
        body: parsed.content.trim(),
      }
    }),
  )
}

export async function loadCorpusFiles(handle: DbHandle, corpusDir: string): Promise<CorpusLoadSummary> {
  const files = await readCorpus(corpusDir)
  return handle.db.transaction(async (tx) => {
    const existing = await tx.select({ path: corpusFiles.path, hash: corpusFiles.contentHash }).from(corpusFiles)
    const known = new Map(existing.map((row) => [row.path, row.hash]))
    const summary: CorpusLoadSummary = { files: files.length, added: 0, updated: 0, unchanged: 0, removed: 0 }
    const changed = files.filter((file) => {
      const hash = known.get(file.path)
      if (hash === file.contentHash) summary.unchanged++
      else if (hash === undefined) summary.added++
      else summary.updated++
      return hash !== file.contentHash
    })
    if (changed.length > 0) {
      await tx.delete(corpusFiles).where(inArray(corpusFiles.path, changed.map((f) => f.path)))
      await tx.insert(corpusFiles).values(changed.map((f) => ({ ...f, loadedAt: new Date() })))
    }
    const gone = files.length === 0
      ? await tx.delete(corpusFiles).returning({ path: corpusFiles.path })
      : await tx
          .delete(corpusFiles)
          .where(notInArray(corpusFiles.path, files.map((f) => f.path)))
          .returning({ path: corpusFiles.path })
    summary.removed = gone.length
    return summary
  })
}
