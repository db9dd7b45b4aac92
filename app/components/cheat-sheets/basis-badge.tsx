import { Globe, ShieldCheck, TriangleAlert } from 'lucide-react'
import type { Basis } from './types'

export const BASIS_LABELS: Record<Basis, string> = {
  scdot: 'SCDOT',
  national: 'National standard',
  'field-reference': 'Field reference - verify',
}

const STYLES: Record<Basis, { className: string; Icon: typeof ShieldCheck }> = {
  scdot: { className: 'bg-primary text-primary-foreground', Icon: ShieldCheck },
  national: { className: 'bg-accent text-accent-foreground', Icon: Globe },
  'field-reference': { className: 'border border-destructive bg-card text-destructive', Icon: TriangleAlert },
}

/** What confirms a figure: an SCDOT document, a national standard, or only the product's own reference. */
export function BasisBadge({ basis }: { basis: Basis }) {
  const { className, Icon } = STYLES[basis]
  return (
    <span
      data-basis={basis}
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${className}`}
    >
      <Icon aria-hidden className="size-3.5" />
      <span className="sr-only">Basis: </span>
      {BASIS_LABELS[basis]}
    </span>
  )
}
