import { describe, expect, it } from 'vitest'
import { detailIdFromHash, idFromHash } from './hash-target'

const DETAIL = new Set(['drawing-g501', 'drawing-s101', 'construction-manual'])
const ELEMENTS = new Set(['drawing-g501', 'drawing-s101', 'construction-manual', 'sc-m-400', 'standard-drawings'])

describe('documents hash', () => {
  it('reads the id from a hash', () => {
    expect(idFromHash('#drawing-g501')).toBe('drawing-g501')
    expect(idFromHash('drawing-g501')).toBe('drawing-g501')
    expect(idFromHash('#a%20b')).toBe('a b')
    expect(idFromHash('#%E0%A4%A')).toBe('')
    expect(idFromHash('')).toBe('')
  })

  it('opens the detail view for isSpecific anchors, drawing-s ids included', () => {
    expect(detailIdFromHash('drawing-g501', DETAIL, ELEMENTS)).toBe('drawing-g501')
    expect(detailIdFromHash('drawing-s101', DETAIL, ELEMENTS)).toBe('drawing-s101')
    expect(detailIdFromHash('construction-manual', DETAIL, ELEMENTS)).toBe('construction-manual')
  })

  it('opens the (not found) view for an unknown drawing-shaped id', () => {
    expect(detailIdFromHash('drawing-z999', DETAIL, ELEMENTS)).toBe('drawing-z999')
    // Any 'drawing-' id, whatever its shape (issue 15).
    for (const id of ['drawing-zzz999', 'drawing-', 'drawing-G501', 'drawing-g5011', 'drawing-a b']) {
      expect(detailIdFromHash(id, DETAIL, ELEMENTS), id).toBe(id)
    }
  })

  it('leaves element ids and empty hashes to the list', () => {
    expect(detailIdFromHash('sc-m-400', DETAIL, ELEMENTS)).toBeNull()
    expect(detailIdFromHash('standard-drawings', DETAIL, ELEMENTS)).toBeNull()
    expect(detailIdFromHash('main', DETAIL, ELEMENTS)).toBeNull()
    expect(detailIdFromHash('', DETAIL, ELEMENTS)).toBeNull()
  })
})
