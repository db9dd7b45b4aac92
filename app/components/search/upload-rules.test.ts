import { describe, expect, it } from 'vitest'
import {
  ACCEPT_ATTRIBUTE,
  checkUpload,
  fileProblems,
  formatBytes,
  MAX_UPLOAD_BYTES,
  REJECTED_ALERT,
  SIZE_MESSAGE,
  TOO_MANY_MESSAGE,
  TYPE_MESSAGE,
} from './upload-rules'

const file = (name: string, size = 1000, type = '') => ({ name, size, type })

describe('upload rules (§5, §9)', () => {
  it('keep the spec texts and the 10 MB limit', () => {
    expect(MAX_UPLOAD_BYTES).toBe(10485760)
    expect(REJECTED_ALERT).toBe('Some files were rejected. Only JPEG, PNG, and PDF files under 10MB are allowed.')
    expect(SIZE_MESSAGE).toBe('File is larger than 10485760 bytes')
    expect(TOO_MANY_MESSAGE).toBe('Too many files')
    expect(TYPE_MESSAGE.startsWith('File type must be ')).toBe(true)
    expect(ACCEPT_ATTRIBUTE).toBe('image/jpeg,image/png,application/pdf,.jpeg,.jpg,.png,.pdf')
  })

  it('accept JPEG, PNG and PDF by extension and type, in any letter case', () => {
    for (const f of [file('a.jpg', 1, 'image/jpeg'), file('b.JPEG', 1, 'image/jpeg'), file('c.png', 1, 'image/png'), file('d.PDF', 1, 'application/pdf'), file('e.jpg')]) {
      expect(checkUpload([f])).toEqual({ accepted: f, rejections: [] })
    }
  })

  it('refuse other types, and a known extension with another reported type', () => {
    expect(fileProblems(file('notes.txt', 10, 'text/plain'))).toEqual([TYPE_MESSAGE])
    expect(fileProblems(file('photo.jpg', 10, 'text/plain'))).toEqual([TYPE_MESSAGE])
    expect(fileProblems(file('photo.gif', 10, 'image/gif'))).toEqual([TYPE_MESSAGE])
    expect(fileProblems(file('noextension', 10, 'image/png'))).toEqual([TYPE_MESSAGE])
    expect(fileProblems(file('plan.heic', 10, 'image/heic'))).toEqual([TYPE_MESSAGE])
  })

  it('allow exactly 10 MB and refuse one byte more', () => {
    expect(fileProblems(file('big.png', MAX_UPLOAD_BYTES, 'image/png'))).toEqual([])
    expect(fileProblems(file('big.png', MAX_UPLOAD_BYTES + 1, 'image/png'))).toEqual([SIZE_MESSAGE])
    expect(fileProblems(file('big.txt', MAX_UPLOAD_BYTES + 1, 'text/plain'))).toEqual([TYPE_MESSAGE, SIZE_MESSAGE])
  })

  it('refuse two files at once, each with Too many files', () => {
    const check = checkUpload([file('a.jpg', 1, 'image/jpeg'), file('b.txt', 1, 'text/plain')])
    expect(check.accepted).toBeNull()
    expect(check.rejections).toEqual([
      { name: 'a.jpg', messages: [TOO_MANY_MESSAGE] },
      { name: 'b.txt', messages: [TYPE_MESSAGE, TOO_MANY_MESSAGE] },
    ])
  })

  it('nothing chosen is neither accepted nor rejected', () => {
    expect(checkUpload([])).toEqual({ accepted: null, rejections: [] })
  })

  it('format sizes for the file list', () => {
    expect(formatBytes(1)).toBe('1 byte')
    expect(formatBytes(800)).toBe('800 bytes')
    expect(formatBytes(2048)).toBe('2 KB')
    expect(formatBytes(MAX_UPLOAD_BYTES)).toBe('10.0 MB')
  })
})
