/**
 * Loads the Markdown files of corpus/ into the database (table corpus_files), one row per file with
 * its front matter, body and a content hash. Unchanged files are skipped; files that disappeared are
 * removed; everything happens in one transaction, so a crash leaves the previous load intact.
 */
import { inArray, notInArray } from 'drizzle-orm'
import { readCorpus, type CorpusFile } from '../app/lib/corpus/files.server'
import type { DbHandle } from '../db/client'
import { corpusFiles } from '../db/schema'

export { readCorpus, type CorpusFile }

export interface CorpusLoadSummary {
  files: number
  added: number
  updated: number
  unchanged: number
  removed: number
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
