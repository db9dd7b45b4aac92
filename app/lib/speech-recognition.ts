/**
 * The browser's speech recognition (Web Speech API), typed for what voice search and the form filler use;
 * each passes the shape of the result event it reads. Browser-only: call `recognitionConstructor()` from
 * effects or event handlers.
 */
export interface Recognition<ResultEvent> {
  lang: string
  continuous: boolean
  interimResults: boolean
  maxAlternatives?: number
  onresult: ((event: ResultEvent) => void) | null
  onerror: ((event: { error?: string }) => void) | null
  onend: (() => void) | null
  start(): void
  stop(): void
  abort(): void
}
export type RecognitionConstructor<ResultEvent> = new () => Recognition<ResultEvent>

/** SpeechRecognition, or Chrome and Safari's prefixed one; null where the browser has none. */
export function recognitionConstructor<ResultEvent>(): RecognitionConstructor<ResultEvent> | null {
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor<ResultEvent>; webkitSpeechRecognition?: RecognitionConstructor<ResultEvent> }
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null
}
