import type { Confidence } from '~/lib/dashboard/types'

const LABELS: Record<Confidence, string> = {
  high: 'High confidence',
  medium: 'Medium confidence',
  low: 'Low confidence',
  unknown: 'Unknown confidence',
}

/** High shows as primary, every other level as secondary (product-spec §2 'Recent Activity'). */
export function ConfidenceBadge({ confidence }: { confidence: Confidence }) {
  const tone = confidence === 'high' ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground ring-1 ring-border'
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>
      {LABELS[confidence] ?? LABELS.unknown}
    </span>
  )
}
