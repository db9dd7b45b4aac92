/**
 * Resident memory of a process and of its child processes, read from /proc (Linux): VmRSS (now) and VmHWM
 * (the peak since the process started). Used by the analysis benchmark and the image-memory tests to
 * watch the server and the OCR process it starts.
 */
import fs from 'node:fs'

export interface ProcessMemory {
  pid: number
  /** The process's command line, shortened. */
  command: string
  rssMb: number
  peakMb: number
}

function field(status: string, name: string): number {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)
  return match ? Number(match[1]) / 1024 : NaN
}

/** The memory of one process, or null when it is gone (or a zombie, which has no memory left). */
export function processMemory(pid: number): ProcessMemory | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    const rssMb = field(status, 'VmRSS')
    if (Number.isNaN(rssMb)) return null
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ')
    return { pid, command: command.length > 80 ? `${command.slice(0, 79)}…` : command, rssMb, peakMb: field(status, 'VmHWM') }
  } catch {
    return null
  }
}

/** The direct child processes of `pid` (all its threads' children). */
export function childPids(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
      .map(Number)
  } catch {
    return []
  }
}

/** The process and its direct children. */
export function processTreeMemory(pid: number): { main: ProcessMemory | null; children: ProcessMemory[] } {
  return { main: processMemory(pid), children: childPids(pid).flatMap((child) => processMemory(child) ?? []) }
}
