/**
 * Hand-off from the ingest CLI to a running server on the embedded database. PGlite lets one process
 * own its directory, so while the server runs the CLI cannot open it: the server writes
 * `DATA_DIR/ingest-handoff.json` (mode 0600, {port, pid, token}, a random token per start) and accepts
 * files on POST /api/admin/ingest with `Authorization: Bearer <token>`.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { config } from '../config/settings.mjs'

export const HANDOFF_FILE = 'ingest-handoff.json'

const handoffSchema = z.object({ port: z.number().int().positive(), pid: z.number().int().positive(), token: z.string().min(32) })
export type Handoff = z.infer<typeof handoffSchema>

let currentToken: string | null = null

export function dataDir(): string {
  return config().DATA_DIR
}

/** Writes the hand-off file for this server process (a new token each time). */
export function writeHandoff(port: number, dir = dataDir()): Handoff {
  const handoff = { port, pid: process.pid, token: randomBytes(32).toString('hex') }
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, HANDOFF_FILE)
  const temp = `${file}.${process.pid}.tmp`
  fs.writeFileSync(temp, JSON.stringify(handoff), { mode: 0o600 })
  fs.chmodSync(temp, 0o600)
  fs.renameSync(temp, file)
  currentToken = handoff.token
  process.once('exit', () => {
    try {
      const stored = readHandoff(dir)
      if (stored?.pid === process.pid) fs.rmSync(file)
    } catch {
      // already gone
    }
  })
  return handoff
}

export function readHandoff(dir = dataDir()): Handoff | null {
  try {
    return handoffSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, HANDOFF_FILE), 'utf8')))
  } catch {
    return null
  }
}

/** Whether an Authorization header carries this server's hand-off token. */
export function isHandoffAuthorization(header: string | null): boolean {
  if (!currentToken || !header) return false
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
  if (!match) return false
  const given = Buffer.from(match[1]!)
  const expected = Buffer.from(currentToken)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
