/**
 * Reads the Markdown files of corpus/ (every `*.md` but README.md) with their front matter: the one
 * reader of the corpus folder, shared by the ingest (which stores and indexes them) and by the server
 * modules that read records directly (the defect guide).
 */
import { createHash } from 'node:crypto'
import type { Dirent } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import matter from 'gray-matter'

export interface CorpusFile {
  path: string
  kind: string
  title: string
  contentHash: string
  frontMatter: Record<string, unknown>
  body: string
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

