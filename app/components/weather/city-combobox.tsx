import { LoaderCircle, X } from 'lucide-react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { shouldSearchCities, type CitySuggestion } from '~/lib/weather/cities'
import { CITY_DEBOUNCE_MS, MAX_CITY_QUERY_CHARS } from '~/lib/weather/constants'
import { fetchCitySuggestions } from './weather-client'

/**
 * City input of the weather card: the ARIA combobox pattern (an input that owns a listbox of options,
 * arrow keys move the active option, Enter picks it, Escape closes the list or cancels). Suggestions
 * are asked for 300 ms after the last keystroke, only from 2 characters (§5, §9); an answer to older
 * text is dropped. A failed city search is logged and the list becomes empty (§8).
 */
export function CityCombobox({ onPick, onCancel }: { onPick: (city: CitySuggestion) => void; onCancel: () => void }) {
  const id = useId()
  const inputId = `${id}-city`
  const listId = `${id}-cities`
  const inputRef = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [options, setOptions] = useState<CitySuggestion[]>([])
  const [searched, setSearched] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)

  useEffect(() => inputRef.current?.focus(), [])

  useEffect(() => {
    if (!shouldSearchCities(text)) {
      setOptions([])
      setSearched(null)
      setBusy(false)
      return
    }
    const controller = new AbortController()
    setBusy(true)
    const timer = setTimeout(() => {
      fetchCitySuggestions(text, controller.signal)
        .then((found) => {
          setOptions(found)
          setOpen(true)
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return
          console.warn('City search failed', error)
          setOptions([])
        })
        .finally(() => {
          if (controller.signal.aborted) return
          setActive(-1)
          setSearched(text)
          setBusy(false)
        })
    }, CITY_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [text])

  const expanded = open && options.length > 0
  const optionId = (index: number) => `${listId}-${index}`

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return
      event.preventDefault()
      setOpen(true)
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => (current + step + options.length) % options.length)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      const chosen = expanded ? options[active >= 0 ? active : 0] : undefined
      if (chosen) onPick(chosen)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      if (expanded) {
        setOpen(false)
        setActive(-1)
      } else onCancel()
    }
  }

  const status = busy
    ? 'Searching cities...'
    : searched === null
      ? 'Type at least 2 letters of a South Carolina city.'
      : options.length === 0
        ? 'No South Carolina cities found.'
        : `${options.length} ${options.length === 1 ? 'city' : 'cities'} found. Use the arrow keys to choose.`

  return (
    <div className="grid gap-2" data-testid="weather-city-search">
      <label htmlFor={inputId} className="font-semibold">
        City in South Carolina
      </label>
      <div className="relative">
        <div className="flex items-center gap-2">
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            maxLength={MAX_CITY_QUERY_CHARS}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            aria-describedby={`${id}-status`}
            value={text}
            onChange={(event) => {
              setText(event.target.value)
              setOpen(true)
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
            onFocus={() => setOpen(true)}
            placeholder="e.g. Columbia"
            className="min-w-0 flex-1 rounded-lg border border-border bg-background px-3 py-2 text-foreground"
          />
          <button
            type="button"
            onClick={onCancel}
            className="inline-flex size-10 items-center justify-center rounded-lg border border-border hover:bg-muted"
            aria-label="Cancel adding weather"
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
        <ul
          id={listId}
          role="listbox"
          aria-label="South Carolina cities"
          hidden={!expanded}
          className="absolute left-0 right-12 z-20 mt-1 max-h-72 overflow-auto rounded-lg border border-border bg-card py-1 text-card-foreground shadow-lg"
        >
          {options.map((city, index) => (
            <li
              key={`${city.name}-${city.lat}-${city.lon}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Keeps the focus in the input so the list is not closed by its blur before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onPick(city)}
              onMouseEnter={() => setActive(index)}
              className={`cursor-pointer px-3 py-2 ${index === active ? 'bg-primary text-primary-foreground' : ''}`}
            >
              {city.display}
            </li>
          ))}
        </ul>
      </div>
      <p id={`${id}-status`} role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        {busy ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
        {status}
      </p>
    </div>
  )
}
