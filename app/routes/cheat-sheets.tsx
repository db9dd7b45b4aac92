import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { ArrowLeft, TriangleAlert } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { SheetCard } from '~/components/cheat-sheets/sheet-card'
import { orderSheets, selectSheetId, sheetIdFor } from '~/components/cheat-sheets/sheet-order'
import { TopicPicker } from '~/components/cheat-sheets/topic-picker'
import { useStoredTarget } from '~/components/cheat-sheets/use-stored-target'
import { PRODUCT_NAME, VERIFY_NOTICE } from '~/lib/brand'
import { CATALOGUE } from '~/lib/calculators'
import { loadCheatSheets, loadDrawings } from '~/lib/corpus/records.server'
import { VERIFICATION_NOTICE } from '~/lib/corpus/schema'

export const meta: MetaFunction = () => [
  { title: `Inspector Cheat Sheets - ${PRODUCT_NAME}` },
  {
    name: 'description',
    content: 'Quick reference cards for SCDOT inspectors: key measurements, critical checks and drawing specifications by topic.',
  },
]

/**
 * Every sheet ships with the page, so switching needs no request. `?sheet=<id>` chooses one (links
 * work without JavaScript); `?topic=<named topic>` maps a topic such as 'guard rail' to its sheet.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [records, drawings] = await Promise.all([loadCheatSheets(), loadDrawings()])
  const sheets = orderSheets(records).map(({ notes, ...sheet }) => ({
    ...sheet,
    // The notes end with the verification notice, which the page already shows once.
    summary: notes.replace(VERIFICATION_NOTICE, '').trim(),
  }))
  const url = new URL(request.url)
  const selectedId = selectSheetId({ sheet: url.searchParams.get('sheet'), topic: url.searchParams.get('topic') }, sheets)
  const referenced = new Set(sheets.flatMap((sheet) => sheet.drawingSpecs.map((spec) => spec.drawingId)))
  const drawingTitles = Object.fromEntries(
    drawings.filter((drawing) => referenced.has(drawing.id)).map((drawing) => [drawing.id, drawing.title]),
  )
  const calculatorNames = Object.fromEntries(CATALOGUE.map((entry) => [entry.id, entry.name]))
  return { sheets, selectedId, drawingTitles, calculatorNames }
}

/** Keeps the address in step with an in-place switch, without a navigation (and so without a request). */
function replaceSheetInUrl(id: string) {
  const url = new URL(window.location.href)
  url.searchParams.set('sheet', id)
  url.searchParams.delete('topic')
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
}

const SCROLL_DELAY_MS = 100

export default function CheatSheets() {
  const { sheets, selectedId: serverSelectedId, drawingTitles, calculatorNames } = useLoaderData<typeof loader>()
  const location = useLocation()
  const [selectedId, setSelectedId] = useState(serverSelectedId)
  const [seenLocationKey, setSeenLocationKey] = useState(location.key)
  // A real navigation (back/forward, a link to this page) brings the server's choice again.
  if (location.key !== seenLocationKey) {
    setSeenLocationKey(location.key)
    setSelectedId(serverSelectedId)
  }
  const cardRef = useRef<HTMLElement>(null)

  const [scrollRequest, setScrollRequest] = useState<{ onlyIfHidden: boolean } | null>(null)

  const select = useCallback((id: string) => {
    setSelectedId(id)
    replaceSheetInUrl(id)
  }, [])

  useStoredTarget((value) => {
    select(sheetIdFor(value, sheets))
    setScrollRequest({ onlyIfHidden: false })
  })

  // A picked sheet is brought into view when its card starts below the upper half of the screen
  // (phones, where the picker sits above the card); a stored target always is.
  useEffect(() => {
    if (!scrollRequest) return
    const timer = window.setTimeout(() => {
      const card = cardRef.current
      if (!card) return
      const top = card.getBoundingClientRect().top
      if (scrollRequest.onlyIfHidden && top >= 0 && top <= window.innerHeight / 2) return
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
      card.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' })
    }, SCROLL_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [scrollRequest])

  const pick = useCallback(
    (id: string) => {
      select(id)
      setScrollRequest({ onlyIfHidden: true })
    },
    [select],
  )

  const sheet = sheets.find((candidate) => candidate.id === selectedId)

  // Printed in the light palette whatever the theme (paper is white; backgrounds are not printed).
  return (
    <div className="grid gap-6 print:gap-3 print:text-foreground print:[color-scheme:light] print:[--accent-foreground:#312e81] print:[--accent:#e0e7ff] print:[--background:#fff] print:[--border:#94a3b8] print:[--card-foreground:#0f172a] print:[--card:#fff] print:[--destructive:#b91c1c] print:[--foreground:#0f172a] print:[--muted-foreground:#334155] print:[--muted:#eef2f7] print:[--primary-foreground:#fff] print:[--primary:#1e3a8a]">
      <header className="grid gap-2">
        <Link
          to="/"
          className="inline-flex min-h-[var(--tap-size)] w-fit items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline print:hidden"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Back to Search
        </Link>
        <h1 className="text-3xl font-bold print:text-xl">Inspector Cheat Sheets</h1>
        <p className="text-muted-foreground print:hidden">
          Quick reference cards for the field: key measurements, critical checks and drawing specifications by topic.
        </p>
      </header>

      <p
        role="note"
        className="flex items-start gap-3 rounded-xl border border-border bg-muted p-4 text-sm print:p-2 print:text-xs"
      >
        <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
        <span>
          <strong>{VERIFY_NOTICE}</strong> Figures marked &apos;Field reference - verify&apos; are the product&apos;s own
          reference values, not SCDOT requirements; open a figure&apos;s citation to see what confirms it.
        </span>
      </p>

      <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start">
        <TopicPicker sheets={sheets} selectedId={sheet?.id} onSelect={pick} />
        {sheet ? (
          <SheetCard key={sheet.id} ref={cardRef} sheet={sheet} drawingTitles={drawingTitles} calculatorNames={calculatorNames} />
        ) : (
          <p className="rounded-xl border border-border bg-card p-5">No cheat sheets are available right now.</p>
        )}
      </div>
    </div>
  )
}
