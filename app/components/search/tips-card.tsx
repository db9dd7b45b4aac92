import { CheckCircle2, Lightbulb } from 'lucide-react'

const TIPS = [
  'Name a section, drawing or test number (401.4, G501, SC-T-29) to match it exactly.',
  'Say which book you mean: the 2007 or the 2025 Standard Specifications.',
  'Field abbreviations work: HMA, PCC, RCP, MOT, QC/QA.',
  'In the field, tap the microphone and ask out loud.',
]

/** Search tips; once the inspector types it dims and reads 'Ready to Search!' (spec §2). */
export function TipsCard({ active }: { active: boolean }) {
  return (
    <aside
      aria-labelledby="search-tips-title"
      data-testid="tips-card"
      data-active={active ? 'true' : undefined}
      className={`rounded-xl border p-5 transition-opacity ${active ? 'border-dashed border-border bg-muted opacity-80' : 'border-border bg-card'}`}
    >
      <h3 id="search-tips-title" className="flex items-center gap-2 text-base font-bold">
        {active ? <CheckCircle2 aria-hidden className="size-5 text-primary" /> : <Lightbulb aria-hidden className="size-5 text-primary" />}
        {active ? 'Ready to Search!' : 'Search Tips'}
      </h3>
      {active ? (
        <p className="mt-2 text-sm text-foreground">Press Enter or the search button for cited answers.</p>
      ) : (
        <ul className="mt-2 grid list-disc gap-1 pl-5 text-sm">
          {TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      )}
    </aside>
  )
}
