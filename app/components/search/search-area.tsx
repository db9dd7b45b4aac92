import { useLocation, useNavigate, useNavigationType, useSearchParams } from '@remix-run/react'
import { TriangleAlert, WifiOff } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from '~/lib/toast-store'
import type { AnalysisType, SearchResult } from '~/lib/search/core/types'
import { appendTranscript, capturedToast, cleanTranscript } from '~/lib/search/core/transcript'
import { useHydrated } from '~/lib/use-hydrated'
import { QUIET_NAVIGATION, quietMove, quietMoveOf, takeQuietMove } from '~/lib/quiet-navigation'
import { requestImageAnalysis } from '~/lib/search/client'
import { resultHref, retriesOf } from '~/lib/search/results'
import { useSessionStatus } from '~/lib/use-session'
import { LoadingPanel } from './loading-panel'
import { ModeToggle, modeOf } from './mode-toggle'
import { PhotoForm } from './photo-form'
import { DEFAULT_ANALYSIS_TYPE, photoFailureToast, photoLoadingMessages, photoSuccessToast } from './photo-messages'
import type { ToolNames } from './result-sections'
import { ResultsView } from './results-view'
import { requestRetry, requestSearch, SearchCallError } from '~/lib/search/client'
import { SearchForm } from './search-form'
import { retryToast, SEARCH_TOASTS, searchToast, type HomeSearchFailure } from './search-messages'
import { TipsCard } from './tips-card'
import { checkUpload, type Rejection } from './upload-rules'
import { useVoiceInput } from './use-voice-input'

/** §9: results scroll 300 ms after they show; a Common Topic searches 100 ms after it fills the box. */
export const RESULTS_SCROLL_MS = 300
export const TOPIC_SEARCH_MS = 100

const smoothScroll = (): ScrollBehavior =>
  window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth'

type Pending = { kind: 'search' | 'retry'; query: string } | { kind: 'photo'; query: string; messages: string[] }

/**
 * What this page shows in place of its address's result until the address catches up: a result answered
 * here (an offline one has no address at all), or nothing after New Search.
 */
type Shown =
  | { kind: 'fresh'; result: SearchResult; /** Answered on this device without a connection (app/lib/offline). */ offline: boolean }
  | { kind: 'cleared' }

interface SearchAreaProps {
  /** The home action's answer to a failed search (JavaScript off); a success redirects to the result. */
  failure: HomeSearchFailure | undefined
  /** The result at this address ('/?result=<id>'), from the user's history. */
  stored: SearchResult | null
  /** '/?result=<id>' named a search that is not in the user's history. */
  resultMissing: boolean
  names: ToolNames
}

/**
 * Home's search area (spec §2, §4, §5): the Text Search / Photo Analysis toggle, the question form or
 * the photo form, the loading panel, then the results, which replace it. With JavaScript the searches
 * go to the JSON APIs in place; without it the forms post to the home action. The mode lives in the
 * address ('/?mode=photo'), and so does a result ('/?result=<id>', docs/decisions/016): after a search
 * the page moves to the result's address, so Back, reload and bookmarks bring the stored result back,
 * rendered from history without searching (or counting) again.
 */
export function SearchArea({ failure: posted, stored, resultMissing, names }: SearchAreaProps) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const location = useLocation()
  const { isGuest } = useSessionStatus()
  const [searchParams] = useSearchParams()
  const mode = modeOf(searchParams)
  const postedPhoto = posted?.mode === 'photo'
  const [text, setText] = useState(() => (posted && !postedPhoto ? posted.query : ''))
  const [file, setFile] = useState<File | null>(null)
  const [rejections, setRejections] = useState<Rejection[]>([])
  const [analysisType, setAnalysisType] = useState<AnalysisType>(DEFAULT_ANALYSIS_TYPE)
  const [question, setQuestion] = useState(() => (posted && postedPhoto ? posted.query : ''))
  // A result answered here shows at once and gets its address at once; New Search shows the empty form
  // at once and moves to home's address at once. Both moves load nothing (app/lib/quiet-navigation.ts):
  // the page's data is loaded after them, and the override stays until that data agrees with it
  // (the stored result that was shown; no stored result). Any other change of address drops it.
  const [override, setOverride] = useState<Shown | null>(null)
  const [overrideAt, setOverrideAt] = useState(location.key)
  // Back or Forward to an entry once reached by a quiet move carries its state too, but loads as usual.
  const pushed = useNavigationType() === 'PUSH'
  const movedTo = pushed ? quietMoveOf(location.state) : null
  if (overrideAt !== location.key) {
    setOverrideAt(location.key)
    if (movedTo === null || movedTo !== `${location.pathname}${location.search}`) setOverride(null)
  }
  if (override && (override.kind === 'fresh' ? override.result.searchId !== undefined && stored?.searchId === override.result.searchId : stored === null)) {
    setOverride(null)
  }
  const result = override ? (override.kind === 'fresh' ? override.result : null) : stored
  // A quiet move is committed: now the loaders run (the guest's count, the stored result), by loading the
  // same address again in its place. Not `revalidate()`: Remix restores the scroll position a revalidation
  // started at when it ends, which would undo New Search's scroll to the top and the scroll to the results.
  useEffect(() => {
    if (movedTo !== null && takeQuietMove(movedTo)) navigate(movedTo, { replace: true, preventScrollReset: true, state: QUIET_NAVIGATION })
  }, [location.key, movedTo, navigate])
  const offlineAnswer = override?.kind === 'fresh' && override.offline
  const [pending, setPending] = useState<Pending | null>(null)
  const [shown, setShown] = useState(0)
  const textareaRef = useRef<HTMLTextAreaElement>(null)
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null)
  const busy = useRef(false)
  const [failure, setFailure] = useState(() => posted ?? null)

  /** Shows a result answered on this page, and gives it its address (the search count is reloaded with it). */
  const show = useCallback(
    (answer: SearchResult, offline = false) => {
      setOverride({ kind: 'fresh', result: answer, offline })
      setShown((n) => n + 1)
      if (!offline && answer.searchId) {
        const href = resultHref(answer.searchId)
        navigate(href, { preventScrollReset: true, state: quietMove(href) })
      }
    },
    [navigate],
  )

  const voice = useVoiceInput((transcript, confidence) => {
    const cleaned = cleanTranscript(transcript)
    if (!cleaned) return
    setText((current) => appendTranscript(current, cleaned))
    toast(capturedToast(cleaned, confidence))
  })

  const clearPhoto = useCallback(() => {
    setFile(null)
    setRejections([])
    setQuestion('')
  }, [])

  // §4: choosing a mode clears the text (and its typing flag), the chosen file and any results.
  const shownMode = useRef(mode)
  useEffect(() => {
    if (shownMode.current === mode) return
    shownMode.current = mode
    voice.stop()
    setText('')
    clearPhoto()
    setFailure(null)
  }, [mode, voice, clearPhoto])

  const chooseFiles = useCallback((files: File[]) => {
    const check = checkUpload(files)
    setRejections(check.rejections)
    if (check.accepted) setFile(check.accepted)
  }, [])

  // Bring fresh results into view 300 ms after they show, and move focus to their heading.
  useEffect(() => {
    if (shown === 0) return
    const timer = window.setTimeout(() => {
      const heading = resultsHeadingRef.current
      if (!heading) return
      heading.scrollIntoView({ behavior: smoothScroll(), block: 'start' })
      heading.focus({ preventScroll: true })
    }, RESULTS_SCROLL_MS)
    return () => window.clearTimeout(timer)
  }, [shown])

  const search = useCallback(
    async (raw: string) => {
      const query = raw.trim()
      if (query === '') {
        toast(SEARCH_TOASTS.inputRequired)
        return
      }
      if (busy.current) return
      busy.current = true
      voice.stop()
      setFailure(null)
      setPending({ kind: 'search', query })
      try {
        // No connection: answer on the device straight away (the server is not asked, nor counted).
        if (!navigator.onLine) throw new SearchCallError(0, '')
        const answer = await requestSearch(query)
        show(answer)
        toast(searchToast(answer))
      } catch (error) {
        const status = error instanceof SearchCallError ? error.status : null
        // The on-device answerer (the search core and the saved corpus) loads only when it is needed.
        const onDevice = !navigator.onLine || status === 0 ? await import('~/lib/offline/client').then((offline) => offline.answerOnDevice(query)) : null
        if (onDevice) {
          show(onDevice, true)
        } else {
          toast({ ...SEARCH_TOASTS.failed, description: (error instanceof SearchCallError && error.message) || SEARCH_TOASTS.failed.description })
        }
      } finally {
        busy.current = false
        setPending(null)
      }
    },
    [show, voice],
  )

  const retry = useCallback(async () => {
    if (!result || busy.current) return
    busy.current = true
    setPending({ kind: 'retry', query: result.query })
    try {
      // A stored result is checked again on the server by its id, which keeps its photo parts too.
      const answer = await requestRetry(result, retriesOf(result))
      show(answer)
      toast(retryToast(answer))
    } catch (error) {
      toast({ ...SEARCH_TOASTS.retryFailed, description: (error instanceof SearchCallError && error.message) || SEARCH_TOASTS.retryFailed.description })
    } finally {
      busy.current = false
      setPending(null)
    }
  }, [result, show])

  const analyze = useCallback(async () => {
    if (!file) {
      toast(SEARCH_TOASTS.inputRequired)
      return
    }
    if (busy.current) return
    busy.current = true
    setFailure(null)
    setPending({ kind: 'photo', query: question, messages: photoLoadingMessages(analysisType, question) })
    try {
      const answer = await requestImageAnalysis(file, analysisType, question)
      show(answer)
      toast(photoSuccessToast(answer))
    } catch (error) {
      toast(photoFailureToast(error instanceof SearchCallError ? error.message : ''))
    } finally {
      busy.current = false
      setPending(null)
    }
  }, [analysisType, file, question, show])

  const topicTimer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(topicTimer.current), [])
  const pickTopic = useCallback(
    (topic: string) => {
      setText(topic)
      window.clearTimeout(topicTimer.current)
      topicTimer.current = window.setTimeout(() => void search(topic), TOPIC_SEARCH_MS)
    },
    [search],
  )

  // Set by New Search: the box gets focus once the empty form shows, at the new address if New Search moves
  // to one (`from`: the address it leaves), so the form of the new address's mode is the one focused.
  const focusForm = useRef<{ from: string | null } | null>(null)

  const newSearch = useCallback(
    (href: string) => {
      setText('')
      clearPhoto()
      // The empty form shows at once, not the result until the address changes.
      setOverride({ kind: 'cleared' })
      // Home's own address (photo mode for a photo's result): the result stays one step back in the browser's
      // history. Not offline: the new address's data would need the server (an offline answer has no address).
      const move = navigator.onLine && !offlineAnswer
      focusForm.current = { from: move ? location.key : null }
      if (move) navigate(href, { preventScrollReset: true, state: quietMove(href) })
      window.scrollTo({ top: 0, behavior: smoothScroll() })
    },
    [clearPhoto, navigate, offlineAnswer, location.key],
  )

  const view = pending?.kind === 'search' || pending?.kind === 'photo' ? 'loading' : result ? 'results' : 'idle'

  useEffect(() => {
    const request = focusForm.current
    if (!request || view !== 'idle' || request.from === location.key) return
    focusForm.current = null
    ;(textareaRef.current ?? document.getElementById('photo-file'))?.focus({ preventScroll: true })
  })

  return (
    <section
      id="search"
      aria-labelledby={view === 'results' ? 'search-results-title' : 'search-title'}
      data-search-view={view}
      className="scroll-below-top-bar"
    >
      {view === 'results' && result && offlineAnswer ? (
        <div role="note" data-testid="offline-answer-notice" className="mb-4 flex items-start gap-3 rounded-xl border-2 border-[#9a3412] bg-card p-4">
          <WifiOff aria-hidden className="mt-0.5 size-5 shrink-0 text-[#9a3412]" />
          <div>
            <p className="font-bold">Offline answer</p>
            <p className="text-sm text-muted-foreground">
              You are offline. This answer comes from the SCDOT index saved on this device, without the server or the AI
              model. Verify it when you are back online.
            </p>
          </div>
        </div>
      ) : null}
      {view === 'results' && result ? (
        <ResultsView
          ref={resultsHeadingRef}
          result={result}
          retrying={pending?.kind === 'retry'}
          guest={isGuest}
          names={names}
          onRetry={hydrated ? () => void retry() : null}
          onNewSearch={hydrated ? newSearch : null}
        />
      ) : (
        <div className="grid gap-5 rounded-2xl border border-border bg-card p-5 sm:p-6">
          <div>
            <h2 id="search-title" className="text-2xl font-bold">
              Search SCDOT Specifications
            </h2>
            <p className="mt-1 text-muted-foreground">
              {mode === 'photo'
                ? 'Upload a construction photo, plan sheet or PDF. The text on it is read and matched to the specifications, with citations.'
                : 'Type or speak a question. Answers quote the exact section, drawing or test method, with links to the official documents.'}
            </p>
          </div>
          {view === 'idle' ? <ModeToggle mode={mode} disabled={pending !== null} /> : null}
          {resultMissing && !failure ? (
            <p role="alert" data-testid="result-missing" className="flex items-start gap-2 rounded-lg border border-destructive p-3 font-semibold text-destructive">
              <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
              <span>That search result is not in your history. Ask the question again below.</span>
            </p>
          ) : null}
          {failure ? (
            <p role="alert" className="flex items-start gap-2 rounded-lg border border-destructive p-3 font-semibold text-destructive">
              <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
              <span>
                {failure.title}: {failure.message}
              </span>
            </p>
          ) : null}
          {view === 'loading' && pending ? (
            <LoadingPanel query={pending.query} messages={pending.kind === 'photo' ? pending.messages : undefined} />
          ) : mode === 'photo' ? (
            <PhotoForm
              hydrated={hydrated}
              pending={pending !== null}
              file={file}
              rejections={rejections}
              analysisType={analysisType}
              question={question}
              onFiles={chooseFiles}
              onRemove={() => {
                setFile(null)
                setRejections([])
              }}
              onAnalysisType={setAnalysisType}
              onQuestion={setQuestion}
              onSubmit={() => void analyze()}
            />
          ) : (
            <>
              <SearchForm
                ref={textareaRef}
                text={text}
                onTextChange={setText}
                hydrated={hydrated}
                pending={pending !== null}
                onSubmit={(query) => void search(query)}
                onTopic={pickTopic}
                voice={voice}
              />
              <TipsCard active={text.length > 0} />
            </>
          )}
        </div>
      )}
    </section>
  )
}
