import { z } from 'zod'
import { figure, type Figure } from './figure'
import { numberInput, type FieldDef } from './inputs'

/**
 * Pipe grade % = (start elevation - end elevation) / length x 100 (2 decimals); the fall
 * (start - end, feet, 2 decimals) is shown too. A positive grade falls from start to end; a
 * negative grade (end higher) is still a result: pipe grade shows whenever it is nonzero.
 * Elevations may be negative; a negative length is refused; a zero length gives grade 0
 * (hidden) instead of Infinity.
 */

const elevation = { unit: 'ft', inputMode: 'decimal', type: 'number', step: 'any', required: true } as const

const F = {
  startElevation: {
    ...elevation,
    name: 'startElevation',
    label: 'Start Invert Elevation (ft)',
    placeholder: '100.50',
    hint: 'Upstream end',
  },
  endElevation: {
    ...elevation,
    name: 'endElevation',
    label: 'End Invert Elevation (ft)',
    placeholder: '98.25',
    hint: 'Downstream end',
  },
  length: {
    name: 'length',
    label: 'Pipe Length (ft)',
    placeholder: '150',
    unit: 'ft',
    inputMode: 'decimal',
    type: 'number',
    min: 0,
    step: 'any',
    required: true,
  },
} as const satisfies Record<string, FieldDef>

export const fields: readonly FieldDef[] = [F.startElevation, F.endElevation, F.length]

export const schema = z.object({
  startElevation: numberInput(F.startElevation.label),
  endElevation: numberInput(F.endElevation.label),
  length: numberInput(F.length.label, { nonNegative: true }),
})

export type PipeGradeInput = z.output<typeof schema>

export interface PipeGradeResult {
  /** Main result. */
  readonly grade: Figure
  readonly fall: Figure
}

export function compute(input: PipeGradeInput): PipeGradeResult {
  const fall = input.startElevation - input.endElevation
  const grade = input.length > 0 ? (fall / input.length) * 100 : 0
  return {
    grade: figure('Pipe Grade', grade, '%', 2),
    fall: figure('Fall', fall, 'ft', 2),
  }
}
