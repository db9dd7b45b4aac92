import { ArrowLeft, Download, Printer, ZoomIn, ZoomOut } from 'lucide-react'
import type { MouseEvent } from 'react'
import { canZoomIn, canZoomOut, zoomIn, zoomOut } from './zoom'

interface Props {
  backHref: string
  onBack: (event: MouseEvent<HTMLAnchorElement>) => void
  series: string
  zoom: number
  /** Set once the page is interactive; until then zoom steps are links the server renders. */
  onZoom: ((zoom: number) => void) | null
  zoomHref: (zoom: number) => string
  download: { href: string; fileName: string; onClick: (event: MouseEvent<HTMLAnchorElement>) => void }
  onPrint: (() => void) | null
}

const control =
  'inline-flex min-h-[var(--tap-size)] min-w-[var(--tap-size)] items-center justify-center gap-1.5 rounded-md border border-border bg-card px-2.5 font-medium text-card-foreground hover:bg-muted disabled:cursor-not-allowed disabled:opacity-50'

function ZoomStep({ label, target, enabled, props }: { label: string; target: number; enabled: boolean; props: Props }) {
  const Icon = label === 'Zoom in' ? ZoomIn : ZoomOut
  const icon = <Icon aria-hidden className="size-5" />
  if (props.onZoom || !enabled) {
    const onZoom = props.onZoom
    return (
      <button type="button" aria-label={label} disabled={!enabled} onClick={() => onZoom?.(target)} className={control}>
        {icon}
      </button>
    )
  }
  return (
    <a href={props.zoomHref(target)} aria-label={label} className={control}>
      {icon}
    </a>
  )
}

/** The detail view's sticky bar: back, series badge, zoom out/in with the level, Download, Print. */
export function DrawingToolbar(props: Props) {
  const { zoom } = props
  return (
    <div
      role="group"
      aria-label="Drawing tools"
      className="no-print sticky top-[var(--sticky-top)] z-30 -mx-[var(--page-gutter)] flex flex-wrap items-center gap-2 border-b border-border bg-background px-[var(--page-gutter)] py-2"
    >
      <a href={props.backHref} onClick={props.onBack} className={`${control} border-primary bg-primary text-primary-foreground hover:bg-primary/90`}>
        <ArrowLeft aria-hidden className="size-4" />
        Back to Documents
      </a>
      <span className="rounded-full bg-accent px-3 py-1 text-sm font-bold text-accent-foreground">{props.series}</span>
      <div className="ml-auto flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-1" role="group" aria-label="Zoom">
          <ZoomStep label="Zoom out" target={zoomOut(zoom)} enabled={canZoomOut(zoom)} props={props} />
          <span aria-live="polite" data-testid="zoom-level" className="min-w-[3.5rem] text-center font-bold tabular-nums">
            <span className="sr-only">Zoom level </span>
            {zoom}%
          </span>
          <ZoomStep label="Zoom in" target={zoomIn(zoom)} enabled={canZoomIn(zoom)} props={props} />
        </div>
        <a href={props.download.href} download={props.download.fileName} onClick={props.download.onClick} className={control}>
          <Download aria-hidden className="size-4" />
          <span className="sr-only sm:not-sr-only">Download</span>
        </a>
        {props.onPrint ? (
          <button type="button" onClick={props.onPrint} className={control}>
            <Printer aria-hidden className="size-4" />
            <span className="sr-only sm:not-sr-only">Print</span>
          </button>
        ) : (
          // Until the page is interactive (and for good without JavaScript) there is no print button.
          <span className="text-sm text-muted-foreground">To print, use your browser&apos;s Print command.</span>
        )}
      </div>
    </div>
  )
}
