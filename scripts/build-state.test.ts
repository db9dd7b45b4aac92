import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildIsStale, newestMtime } from './build-state.mjs'

let root: string

function write(file: string, seconds: number) {
  const full = path.join(root, file)
  fs.mkdirSync(path.dirname(full), { recursive: true })
  fs.writeFileSync(full, file)
  fs.utimesSync(full, seconds, seconds)
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-state-'))
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

describe('newestMtime', () => {
  it('finds the newest file however deep, and 0 for a missing entry', () => {
    write('src/a.ts', 1_000)
    write('src/deep/b.ts', 3_000)
    // Folders get the time of their last change too; set them old so only the files count.
    for (const dir of ['src/deep', 'src']) fs.utimesSync(path.join(root, dir), 500, 500)
    expect(newestMtime(path.join(root, 'src'))).toBe(3_000_000)
    expect(newestMtime(path.join(root, 'nothing-here'))).toBe(0)
  })
})

describe('buildIsStale', () => {
  it('is stale without a build, fresh after it, and stale again when a source changes', () => {
    write('src/a.ts', 1_000)
    fs.utimesSync(path.join(root, 'src'), 500, 500)
    expect(buildIsStale(root, 'out/tool.mjs', ['src'])).toBe(true)
    write('out/tool.mjs', 2_000)
    expect(buildIsStale(root, 'out/tool.mjs', ['src', 'missing.json'])).toBe(false)
    write('src/a.ts', 3_000)
    expect(buildIsStale(root, 'out/tool.mjs', ['src'])).toBe(true)
  })
})
