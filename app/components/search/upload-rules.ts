/**
 * The browser's checks on a chosen or dropped upload (product-spec §5 'Upload', §9). Pure. They spare a
 * round trip; the server checks again, by content (magic bytes) rather than by name.
 *
 * One file at a time: choosing or dropping two or more rejects them all ('Too many files'), as a
 * single-file drop zone does. An empty file is left to the server, which answers it with its own
 * message (the spec's 'File is smaller than N bytes' applies only to a minimum size, and none is set).
 */

/** §9: 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

export const ACCEPTED_EXTENSIONS = ['.jpeg', '.jpg', '.png', '.pdf'] as const
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const

/** The file input's `accept`: the types and their extensions. */
export const ACCEPT_ATTRIBUTE = [...ACCEPTED_TYPES, ...ACCEPTED_EXTENSIONS].join(',')

export const REJECTED_ALERT = 'Some files were rejected. Only JPEG, PNG, and PDF files under 10MB are allowed.'
export const TYPE_MESSAGE = `File type must be one of ${ACCEPTED_EXTENSIONS.join(', ')} (JPEG, PNG or PDF)`
export const SIZE_MESSAGE = `File is larger than ${MAX_UPLOAD_BYTES} bytes`
export const TOO_MANY_MESSAGE = 'Too many files'

/** §3 Uploaded file: name, size, type. */
export interface UploadedFileInfo {
  name: string
  size: number
  type: string
}

export interface Rejection {
  name: string
  messages: string[]
}

export interface UploadCheck<F extends UploadedFileInfo> {
  accepted: F | null
  rejections: Rejection[]
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot).toLowerCase()
}

/**
 * A file's type is acceptable when its extension is one of ours, and its browser-reported type (when it
 * reports one) is one of ours too: 'photo.jpg' sent as text/plain is refused.
 */
export function hasAcceptedType(file: UploadedFileInfo): boolean {
  const extension = extensionOf(file.name)
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(extension)) return false
  const type = file.type.trim().toLowerCase()
  return type === '' || (ACCEPTED_TYPES as readonly string[]).includes(type)
}

/** The messages for one file ([] when acceptable). */
export function fileProblems(file: UploadedFileInfo): string[] {
  const problems: string[] = []
  if (!hasAcceptedType(file)) problems.push(TYPE_MESSAGE)
  if (file.size > MAX_UPLOAD_BYTES) problems.push(SIZE_MESSAGE)
  return problems
}

/** The chosen or dropped files: the one accepted (or none) and what was refused, with why. */
export function checkUpload<F extends UploadedFileInfo>(files: readonly F[]): UploadCheck<F> {
  if (files.length === 0) return { accepted: null, rejections: [] }
  if (files.length > 1) {
    return { accepted: null, rejections: files.map((file) => ({ name: file.name, messages: [...fileProblems(file), TOO_MANY_MESSAGE] })) }
  }
  const file = files[0]!
  const messages = fileProblems(file)
  return messages.length === 0 ? { accepted: file, rejections: [] } : { accepted: null, rejections: [{ name: file.name, messages }] }
}

/** '2.4 MB', '512 KB', '80 bytes' for the file list. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} byte${bytes === 1 ? '' : 's'}`
}
