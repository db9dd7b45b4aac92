import { getDatabase, type DbHandle } from '@db/client'
import { loadCorpusFiles, type CorpusLoadSummary } from '../ingest/corpus-files'
import { writeHandoff } from '../ingest/handoff'
import { ingestCorpus, type IngestSummary } from '../ingest/index'
import { INGEST_LOCK } from '../ingest/jobs'
import { config, type Config } from './lib/config.server'
import { logger } from './lib/logger.server'
import { startNewsScheduler } from './lib/news/scheduler.server'
import { ensureVapidKeys } from './lib/push/vapid.server'

export interface StartupReport {
  database: DbHandle['kind']
  corpus: CorpusLoadSummary
  /** The corpus as searchable documents and chunks (with embeddings). */
  search: Omit<IngestSummary, 'errors' | 'files'> & { errors: number }
  millis: number
}

/**
 * With several server processes on one database (scripts/serve.mjs), the one that runs the scheduled jobs
 * of this machine (the news fetch): the first. Its replacement after a crash takes the same index.
 */
function runsScheduledJobs(settings: Config): boolean {
  return settings.SERVER_WORKER_INDEX === 0
}

/**
 * Opens and migrates the database, loads whatever corpus/ holds and makes it searchable (unchanged
 * files are skipped on their hash, so a warm start only reads hashes). Server processes sharing a database
 * take turns through its ingest lock: the first to start loads the corpus, the others find it unchanged.
 * On the embedded database it also writes the ingest hand-off file, so `npm run ingest` can pass files
 * to this server.
 */
export async function startup(): Promise<StartupReport> {
  const started = performance.now()
  const settings = config() // a bad setting stops the start here, before the database opens
  const handle = await getDatabase()
  const corpusDir = settings.CORPUS_DIR
  const { corpus, ingest } = await handle.exclusive(INGEST_LOCK, async () => {
    const corpus = await loadCorpusFiles(handle, corpusDir)
    const ingest = await ingestCorpus(handle, corpusDir)
    await ensureVapidKeys(handle)
    return { corpus, ingest }
  })
  for (const error of ingest.errors) logger.error(error, 'corpus file not searchable')
  if (handle.kind === 'pglite') writeHandoff(settings.PORT)
  const { files: _files, errors, ...search } = ingest
  const report = {
    database: handle.kind,
    corpus,
    search: { ...search, errors: errors.length },
    millis: Math.round(performance.now() - started),
  }
  logger.info(report, 'startup complete')
  if (runsScheduledJobs(settings)) startNewsScheduler(getDatabase)
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
