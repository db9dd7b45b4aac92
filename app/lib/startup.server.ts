import path from 'node:path'
import { appRoot, getDatabase, type DbHandle } from '@db/client'
import { loadCorpusFiles, type CorpusLoadSummary } from '../../ingest/corpus-files'
import { logger } from './logger.server'

export interface StartupReport {
  database: DbHandle['kind']
  corpus: CorpusLoadSummary
  millis: number
}

/** Opens and migrates the database, then loads whatever corpus/ holds. Runs once before serving. */
export async function startup(): Promise<StartupReport> {
  const started = performance.now()
  const handle = await getDatabase()
  const corpusDir = process.env.CORPUS_DIR ?? path.join(appRoot(), 'corpus')
  const corpus = await loadCorpusFiles(handle, corpusDir)
  const report = { database: handle.kind, corpus, millis: Math.round(performance.now() - started) }
  logger.info(report, 'startup complete')
  return report
}

export async function healthCheck(): Promise<{ ok: boolean; database: DbHandle['kind'] | 'unavailable' }> {
  try {
    const handle = await getDatabase()
    await handle.ping()
    return { ok: true, database: handle.kind }
  } catch (error) {
    logger.error({ err: error }, 'health check failed')
    return { ok: false, database: 'unavailable' }
  }
}
