/**
 * A `tel:` link for a contact number as the catalogue writes it. A number given both as letters and
 * digits ('1-855-GO-SCDOT (1-855-467-2368)', '*HP (*47)') dials the part in brackets; otherwise only
 * the dialable characters are kept. Returns null when nothing dialable is left.
 */
export function telHref(phone: string): string | null {
  const match = /\(([^)]*)\)/.exec(phone)
  const spelled = match ? /[a-z]/i.test(phone.replace(match[0], '')) : false
  const source = match?.[1] && spelled && /^[\d\s*#+.-]+$/.test(match[1]) ? match[1] : phone
  const dialable = source.replace(/[^\d*#+]/g, '')
  return /\d/.test(dialable) ? `tel:${dialable}` : null
}
