/**
 * The citation check of a chat model's answer, against the passages it was given. Pure.
 *
 * The model sees the passages numbered P1..Pn and cites them by those ids. The check:
 * 1. keeps the citations that name a passage it was given ('P3', '[P3]', 'p3', or a section/drawing label
 *    such as 'Section 401.4 (2007)' that is exactly one of those passages' labels); every other citation
 *    is dropped, and so are inline markers ('[P9]') of passages it was not given;
 * 2. fails when no valid citation remains;
 * 3. fails when the answer holds a figure (number, section number, also inside brackets) that is in none
 *    of the cited passages (nor in the question itself);
 * Tips whose figures are not in the cited passages are dropped, not failed.
 * A passing answer gets its markers replaced by the passages' labels ('[P3]' -> '[Drawing G501]').
 */
import type { Passage } from './types'
import { labelOf } from './citations'
import { figuresOf } from './text'

export interface ModelReply {
  answer: string
  citations: string[]
  tips?: string[]
}

export type CheckOutcome =
  | { ok: true; answer: string; used: Passage[]; tips: string[]; dropped: string[] }
  | { ok: false; reason: string; dropped: string[] }

const MARKER = /\[\s*(P\d+)(?:\s*[,;]\s*P\d+)*\s*\]/gi

function passageIndex(citation: string, passages: readonly Passage[]): number | null {
  const id = /^\[?\s*P(\d+)\s*\]?$/i.exec(citation.trim())
  if (id) {
    const index = Number(id[1]) - 1
    return index >= 0 && index < passages.length ? index : null
  }
  const wanted = citation.trim().toLowerCase()
  const index = passages.findIndex((passage) => labelOf(passage).toLowerCase() === wanted)
  return index >= 0 ? index : null
}

function evidenceText(passage: Passage): string {
  return [passage.documentTitle, passage.document, passage.edition ?? '', passage.section ?? '', passage.sectionTitle ?? '', passage.headingPath, passage.text].join('\n')
}

/** Figures of `text` (markers removed) that are not among `allowed`. */
function unsupportedFigures(text: string, allowed: ReadonlySet<string>): string[] {
  const withoutMarkers = text.replace(MARKER, ' ').replace(/\bP\d+\b/gi, ' ')
  return [...new Set(figuresOf(withoutMarkers, true))].filter((figure) => !allowed.has(figure))
}

export function checkModelReply(reply: ModelReply, passages: readonly Passage[], question: string): CheckOutcome {
  const dropped: string[] = []
  const cited = new Set<number>()
  const inline = [...reply.answer.matchAll(MARKER)].flatMap((m) => m[0].replace(/[[\]\s]/g, '').split(/[,;]/))
  for (const citation of [...reply.citations, ...inline]) {
    const index = passageIndex(citation, passages)
    if (index === null) {
      if (!dropped.includes(citation)) dropped.push(citation)
    } else cited.add(index)
  }
  if (cited.size === 0) return { ok: false, reason: 'no citation names a retrieved passage', dropped }

  const used = [...cited].sort((a, b) => a - b).map((index) => passages[index]!)
  const allowed = new Set([...used.flatMap((passage) => figuresOf(evidenceText(passage), true)), ...figuresOf(question, true)])
  const invented = unsupportedFigures(reply.answer, allowed)
  if (invented.length > 0) {
    return { ok: false, reason: `the answer has figures not in the cited passages: ${invented.join(', ')}`, dropped }
  }

  const relabel = (text: string) =>
    text
      .replace(MARKER, (marker) => {
        const labels = marker
          .replace(/[[\]\s]/g, '')
          .split(/[,;]/)
          .map((id) => passageIndex(id, passages))
          .filter((index): index is number => index !== null)
          .map((index) => labelOf(passages[index]!))
        return labels.length > 0 ? ` [${[...new Set(labels)].join('; ')}]` : ''
      })
      .replace(/[ \t]{2,}/g, ' ')
      .replace(/[ \t]+([.,;])/g, '$1')
      .trim()
  const answer = relabel(reply.answer)
  const tips = (reply.tips ?? []).map(relabel).filter((tip) => tip.length > 0 && unsupportedFigures(tip, allowed).length === 0)
  return { ok: true, answer, used, tips, dropped }
}
