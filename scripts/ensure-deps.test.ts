import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ensureDependencies } from './ensure-deps.mjs'

const made: string[] = []
const savedPath = process.env.PATH
const savedEnv = process.env.NODE_ENV
afterEach(() => {
  process.env.PATH = savedPath
  process.env.NODE_ENV = savedEnv
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/**
 * A project whose node_modules is up to date but holds only `dependencies`, as after
 * `npm install` under NODE_ENV=production, and an `npm` on PATH that records how it was called.
 */
function productionInstall(): { root: string; calls: () => string[][] } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ensure-deps-'))
  made.push(root)
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ dependencies: { runtime: '1.0.0' }, devDependencies: { 'build-tool': '1.0.0' } }))
  fs.writeFileSync(path.join(root, 'package-lock.json'), '{}')
  fs.mkdirSync(path.join(root, 'node_modules', 'runtime'), { recursive: true })
  fs.writeFileSync(path.join(root, 'node_modules', 'runtime', 'package.json'), '{}')
  const later = new Date(Date.now() + 60_000)
  fs.writeFileSync(path.join(root, 'node_modules', '.package-lock.json'), '{}')
  fs.utimesSync(path.join(root, 'node_modules', '.package-lock.json'), later, later)
  const bin = path.join(root, 'bin')
  fs.mkdirSync(bin)
  const log = path.join(root, 'npm-calls.log')
  fs.writeFileSync(path.join(bin, 'npm'), `#!/bin/sh\necho "$@" >> '${log}'\n`, { mode: 0o755 })
  process.env.PATH = `${bin}${path.delimiter}${savedPath}`
  const calls = () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n').map((line) => line.split(' ')) : [])
  return { root, calls }
}

describe('ensureDependencies', () => {
  it('installs the build tools under NODE_ENV=production when a build needs them', () => {
    const { root, calls } = productionInstall()
    process.env.NODE_ENV = 'production'
    expect(ensureDependencies({ root, dev: true })).toBe(true)
    expect(calls()).toHaveLength(1)
    expect(calls()[0]).toEqual(expect.arrayContaining(['install', '--include=dev']))
  })

  it('leaves an install without the build tools alone when no build follows', () => {
    const { root, calls } = productionInstall()
    expect(ensureDependencies({ root, dev: false })).toBe(false)
    expect(calls()).toEqual([])
  })

  it('installs, with the build tools, when package-lock.json is newer than node_modules', () => {
    const { root, calls } = productionInstall()
    const later = new Date(Date.now() + 120_000)
    fs.utimesSync(path.join(root, 'package-lock.json'), later, later)
    expect(ensureDependencies({ root, dev: false })).toBe(true)
    expect(calls()[0]).toEqual(expect.arrayContaining(['install', '--include=dev']))
  })
})
