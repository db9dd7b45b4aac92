import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The integration files that take longest, longest first (clean CI runs, docs/decisions/013). Two files
 * run at a time; vitest starts them in its own order, on a clean clone the largest files first, which put
 * several of these last, so one worker was still on a long file after the other had run out of work.
 * Starting the long ones first leaves the short ones to fill the gaps at the end.
 */
export const LONGEST_FIRST = [
  'ingest.test.ts',
  'ingest-handoff.test.ts',
  'ingest-integrity.test.ts',
  'admin-cli.test.ts',
  'analyze-image.test.ts',
  'accounts.test.ts',
  'hostile-input.test.ts',
  'pwa.test.ts',
  'push.test.ts',
  'foundation.test.ts',
]

/** vitest's order, with the integration files of LONGEST_FIRST moved ahead of the others, in that order. */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FIRST.indexOf(path.basename(spec.moduleId))
      return index < 0 ? LONGEST_FIRST.length : index
    }
    // Only the integration files move, and only among the places they already hold.
    const places = sorted.flatMap((spec, index) => (spec.project.name === 'integration' ? [index] : []))
    const reordered = places.map((index) => sorted[index]!).sort((a, b) => rank(a) - rank(b))
    places.forEach((place, i) => (sorted[place] = reordered[i]!))
    return sorted
  }
}
