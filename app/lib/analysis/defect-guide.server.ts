/**
 * The defect guide (corpus/defects): loaded with the same reader as ingest (`readCorpus`), validated with
 * `defectSchema` and the record body rule, and kept in memory for the life of the process. An invalid
 * record throws an Error naming the file; a failed load is not cached, so a corrected file is read next time.
 */
import path from 'node:path'
import { readCorpus } from '../corpus/files.server'
import { corpusDir } from '../corpus/records.server'
import { defectSchema, recordBodySchema, type Defect } from '../corpus/schema'

let guidePromise: Promise<Defect[]> | undefined

function issuesOf(error: { issues: Array<{ path: PropertyKey[]; message: string }> }, part?: string): string {
  return error.issues
    .map((issue) => `${[part, ...issue.path.map(String)].filter(Boolean).join('.') || '(front matter)'}: ${issue.message}`)
    .join('; ')
}

export async function readDefectGuide(directory = path.join(corpusDir(), 'defects')): Promise<Defect[]> {
  const files = await readCorpus(directory)
  const seen = new Set<string>()
  const defects: Defect[] = []
  for (const file of files) {
    const where = `corpus/defects/${file.path}`
    const front = defectSchema.safeParse(file.frontMatter)
    if (!front.success) throw new Error(`Invalid record ${where}: ${issuesOf(front.error)}`)
    const body = recordBodySchema.safeParse(file.body)
    if (!body.success) throw new Error(`Invalid record ${where}: ${issuesOf(body.error, 'body')}`)
    if (`${front.data.id}.md` !== path.basename(file.path)) {
      throw new Error(`Invalid record ${where}: id '${front.data.id}' does not match the file name`)
    }
    if (seen.has(front.data.id)) throw new Error(`Invalid record ${where}: duplicate id '${front.data.id}'`)
    seen.add(front.data.id)
    defects.push({ ...front.data, notes: body.data })
  }
  return defects
}

/** Every defect record, cached per process. */
export function loadDefectGuide(): Promise<Defect[]> {
  guidePromise ??= readDefectGuide().catch((error: unknown) => {
    guidePromise = undefined
    throw error
  })
  return guidePromise
}

/** Forget the cached guide (tests, or after the corpus changed on disk). */
export function clearDefectGuideCache(): void {
  guidePromise = undefined
}
