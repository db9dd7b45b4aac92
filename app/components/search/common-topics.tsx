import { Construction, Droplets, Fence, Landmark, Layers, Signpost } from 'lucide-react'

/** Spec §2 'Common Topics': six quick queries, in this order. */
export const COMMON_TOPICS = [
  { label: 'Asphalt Compaction', icon: Layers },
  { label: 'Concrete Testing', icon: Construction },
  { label: 'Guard Rail Standards', icon: Fence },
  { label: 'Drainage Requirements', icon: Droplets },
  { label: 'Signage Placement', icon: Signpost },
  { label: 'Bridge Inspection', icon: Landmark },
] as const

/**
 * Each topic is a submit button of the search form (name 'topic'), so it searches without
 * JavaScript too; once hydrated `onPick` takes over (fill the box, search after 100 ms).
 */
export function CommonTopics({ onPick, disabled }: { onPick: ((topic: string) => void) | null; disabled: boolean }) {
  return (
    <section aria-labelledby="common-topics-title">
      <h3 id="common-topics-title" className="text-base font-bold">
        Common Topics
      </h3>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {COMMON_TOPICS.map(({ label, icon: Icon }) => (
          <li key={label}>
            <button
              type="submit"
              name="topic"
              value={label}
              disabled={disabled}
              onClick={
                onPick
                  ? (event) => {
                      event.preventDefault()
                      onPick(label)
                    }
                  : undefined
              }
              className="flex min-h-[var(--tap-size)] w-full items-center gap-2 rounded-lg border border-border bg-card px-3 py-2 text-left text-sm font-semibold hover:bg-muted disabled:opacity-60"
            >
              <Icon aria-hidden className="size-5 shrink-0 text-primary" />
              {label}
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
