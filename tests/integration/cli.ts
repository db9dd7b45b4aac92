import { spawn } from 'node:child_process'
import { ROOT } from './server'

export interface CliRun {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/** Runs the ingest CLI as `npm run ingest` does (scripts/cli.mjs), in one child process without npm, so a kill reaches it. */
export function runCli(
  args: string[],
  env: Record<string, string>,
  options: { onStderr?: (text: string, kill: () => void) => void; timeoutMs?: number } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/cli.mjs', 'ingest', ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    // A guard against a hung CLI, not a speed check: on a loaded two-core CI machine a folder ingest (the
    // corpus, LSA) has taken over 90 s (docs/decisions/013).
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`CLI timed out\n${stdout}\n${stderr}`))
    }, options.timeoutMs ?? 240_000)
    child.stdout.on('data', (data) => (stdout += data))
    child.stderr.on('data', (data) => {
      stderr += data
      options.onStderr?.(stderr, () => child.kill('SIGKILL'))
    })
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal, stdout, stderr })
    })
  })
}
