import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation, useNavigate, useSearchParams, type ShouldRevalidateFunction } from '@remix-run/react'
import { useCallback, useEffect, useMemo, useRef, type MouseEvent } from 'react'
import { DOCUMENTS_PATH, DrawingDetail } from '~/components/documents/drawing-detail'
import { DocumentList } from '~/components/documents/document-list'
import { EMERGENCY_CARD_ID } from '~/components/documents/emergency-card'
import { detailIdFromHash, idFromHash } from '~/components/documents/hash-target'
import printStyles from '~/components/documents/print.css?url'
import { toDrawingView } from '~/components/documents/types'
import { useHashHighlight } from '~/components/documents/use-hash-highlight'
import { normalizeZoom } from '~/components/documents/zoom'
import { PRODUCT_NAME } from '~/lib/brand'
import { loadDocumentCatalogue, loadDrawings } from '~/lib/corpus/records.server'
import { useHydrated } from '~/lib/use-hydrated'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: printStyles, media: 'print' }]

/**
 * The whole catalogue and every drawing record (about 20 KB gzipped), so a detail view opens in place
 * without a round trip. `?view=<id>` (the no-JavaScript path) only changes the status: 404 for an id
 * with no record; the component reads `view` and `zoom` from the URL itself.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [catalogue, drawings] = await Promise.all([loadDocumentCatalogue(), loadDrawings()])
  const view = new URL(request.url).searchParams.get('view')
  const missing = view !== null && !drawings.some((drawing) => drawing.id === view)
  return data({ catalogue, drawings: drawings.map(toDrawingView) }, { status: missing ? 404 : 200 })
}

// The data does not depend on the query or hash: opening and closing views never refetches it.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, location }) => {
  const view = new URLSearchParams(location.search).get('view')
  const drawing = view ? loaderData?.drawings.find((candidate) => candidate.id === view) : undefined
  const title = view ? (drawing?.title ?? 'Drawing Not Found') : 'Reference Documents'
  return [
    { title: `${title} - ${PRODUCT_NAME}` },
    {
      name: 'description',
      content: drawing?.description ?? 'SCDOT specifications, standard drawings, construction manuals and technical references.',
    },
  ]
}

interface OpenedState {
  openedFromList?: boolean
}

export default function DocumentsRoute() {
  const { catalogue, drawings } = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const hydrated = useHydrated()

  const index = useMemo(() => {
    const cards = catalogue.categories.flatMap((category) => category.documents)
    return {
      drawings: new Map(drawings.map((drawing) => [drawing.id, drawing])),
      detailIds: new Set(cards.flatMap((card) => (card.isSpecific && card.anchor ? [card.anchor] : []))),
      elementIds: new Set([
        ...catalogue.categories.map((category) => category.id),
        ...cards.map((card) => card.anchor ?? card.id),
        EMERGENCY_CARD_ID,
      ]),
      officialUrl: new Map(cards.flatMap((card) => (card.anchor ? [[card.anchor, card.url] as const] : []))),
    }
  }, [catalogue, drawings])

  // The server never sees the hash, so it is read only once hydrated (same first render on both sides).
  const hashId = hydrated ? idFromHash(location.hash) : ''
  const hashDetail = detailIdFromHash(hashId, index.detailIds, index.elementIds)
  const viewParam = searchParams.get('view') || null
  const openId = hashDetail ?? viewParam
  const highlightedId = useHashHighlight(openId ? '' : hashId, location.key)

  const openView = useCallback(
    (anchor: string) => navigate({ hash: anchor }, { state: { openedFromList: true } satisfies OpenedState }),
    [navigate],
  )

  const closeView = useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      event.preventDefault()
      if (hashDetail && !viewParam && (location.state as OpenedState | null)?.openedFromList) {
        // Opened from the list: going back removes the hash and leaves no dead history entry.
        navigate(-1)
      } else {
        navigate(DOCUMENTS_PATH, { replace: Boolean(hashDetail), preventScrollReset: true })
      }
    },
    [hashDetail, viewParam, location.state, navigate],
  )

  // Back on the list: bring the card that was open into view and give it focus.
  const previousOpenId = useRef(openId)
  useEffect(() => {
    const previous = previousOpenId.current
    previousOpenId.current = openId
    if (!previous || openId) return
    const card = document.getElementById(previous)
    card?.scrollIntoView({ block: 'center' })
    card?.querySelector<HTMLElement>('a[href]')?.focus({ preventScroll: true })
  }, [openId])

  return (
    <div className="documents-page">
      {openId ? (
        <DrawingDetail
          key={openId}
          id={openId}
          drawing={index.drawings.get(openId) ?? null}
          officialUrl={index.officialUrl.get(openId) ?? 'https://www.scdot.org/business/standard-drawings.aspx'}
          initialZoom={normalizeZoom(searchParams.get('zoom'))}
          onBack={closeView}
        />
      ) : (
        <DocumentList catalogue={catalogue} highlightedId={highlightedId} onOpen={openView} />
      )}
    </div>
  )
}
