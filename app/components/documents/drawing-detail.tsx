import { ArrowLeft } from 'lucide-react'
import { useEffect, useRef, useState, type MouseEvent } from 'react'
import { buildSpecificationsText, saveTextFile, specificationsDataUrl, specificationsFileName } from '~/lib/drawing-download'
import { useHydrated } from '~/lib/use-hydrated'
import { DrawingContent } from './drawing-content'
import { DrawingToolbar } from './drawing-toolbar'
import { seriesLabel, type DrawingView } from './types'

export const DOCUMENTS_PATH = '/documents'

interface Props {
  id: string
  drawing: DrawingView | null
  /** The official page of the card that opened the view (the drawings library for drawings). */
  officialUrl: string
  initialZoom: number
  onBack: (event: MouseEvent<HTMLAnchorElement>) => void
}

function zoomHref(id: string, zoom: number) {
  return `${DOCUMENTS_PATH}?${new URLSearchParams({ view: id, zoom: String(zoom) })}`
}

/**
 * The standard drawing detail view (product-spec §2), the same component whether it was opened in
 * place from the URL hash or rendered by the server for `?view=<id>` without JavaScript. Zoom scales
 * the content's font size (everything inside is sized in em), so text reflows instead of overflowing.
 */
export function DrawingDetail({ id, drawing, officialUrl, initialZoom, onBack }: Props) {
  const hydrated = useHydrated()
  const [zoom, setZoom] = useState(initialZoom)
  const headingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'auto' })
    headingRef.current?.focus({ preventScroll: true })
  }, [])

  if (!drawing) {
    return (
      <section aria-labelledby="drawing-missing-title" className="mx-auto grid max-w-xl justify-items-center gap-4 py-16 text-center">
        <h1 id="drawing-missing-title" ref={headingRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          Drawing Not Found
        </h1>
        <p className="text-muted-foreground">The requested drawing could not be loaded.</p>
        <a
          href={DOCUMENTS_PATH}
          onClick={onBack}
          className="inline-flex min-h-[var(--tap-size)] items-center gap-2 rounded-md bg-primary px-5 font-semibold text-primary-foreground"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Back to Documents
        </a>
      </section>
    )
  }

  const fileName = specificationsFileName(drawing.id)
  const text = buildSpecificationsText(drawing)
  return (
    <div className="grid gap-6">
      <DrawingToolbar
        backHref={DOCUMENTS_PATH}
        onBack={onBack}
        series={seriesLabel(drawing.series)}
        zoom={zoom}
        onZoom={hydrated ? setZoom : null}
        zoomHref={(target) => zoomHref(id, target)}
        download={{
          href: specificationsDataUrl(text),
          fileName,
          onClick: (event) => {
            event.preventDefault()
            saveTextFile(fileName, text)
          },
        }}
        onPrint={hydrated ? () => window.print() : null}
      />
      <div className="drawing-zoom" data-testid="drawing-zoom" style={{ fontSize: `${zoom}%` }}>
        <DrawingContent drawing={drawing} officialUrl={officialUrl} headingRef={headingRef} />
      </div>
    </div>
  )
}
