import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { HANDOFF_FILE, isHandoffAuthorization, readHandoff, writeHandoff } from './handoff'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe('ingest hand-off file', () => {
  it('is written with mode 0600 and a new random token each time, and authorises only that token', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'handoff-'))
    dirs.push(dir)
    const first = writeHandoff(3000, dir)
    expect(fs.statSync(path.join(dir, HANDOFF_FILE)).mode & 0o777).toBe(0o600)
    expect(readHandoff(dir)).toEqual({ port: 3000, pid: process.pid, token: first.token })
    expect(first.token).toMatch(/^[0-9a-f]{64}$/)
    expect(isHandoffAuthorization(`Bearer ${first.token}`)).toBe(true)

    const second = writeHandoff(3001, dir)
    expect(second.token).not.toBe(first.token)
    expect(isHandoffAuthorization(`Bearer ${first.token}`)).toBe(false)
    expect(isHandoffAuthorization(`bearer ${second.token}`)).toBe(true)
    expect(isHandoffAuthorization(second.token)).toBe(false)
    expect(isHandoffAuthorization(`Bearer ${second.token}x`)).toBe(false)
    expect(isHandoffAuthorization(null)).toBe(false)
  })

  it('reads a missing or malformed file as no hand-off', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'handoff-'))
    dirs.push(dir)
    expect(readHandoff(dir)).toBeNull()
    fs.writeFileSync(path.join(dir, HANDOFF_FILE), '{"port":"x"}')
    expect(readHandoff(dir)).toBeNull()
  })
})
