import { CloudSun, Droplets, LoaderCircle, MapPin, Umbrella, Wind } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useHydrated } from '~/lib/use-hydrated'
import type { CitySuggestion } from '~/lib/weather/cities'
import { WEATHER_STALE_CHECK_MS } from '~/lib/weather/constants'
import { weatherLabel } from '~/lib/weather/labels'
import { isFresh, makeSnapshot, readSavedWeather, snapshotKey, type Coordinates, type WeatherSnapshot } from '~/lib/weather/snapshot'
import { CityCombobox } from './city-combobox'
import { fetchWeather } from './weather-client'

/** Logged (only) when the forecast cannot be had (product-spec §8). */
export const WEATHER_UNAVAILABLE = 'Weather data unavailable'

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

function save(key: string, snapshot: WeatherSnapshot | null) {
  try {
    if (snapshot) storage()?.setItem(key, JSON.stringify(snapshot))
    else storage()?.removeItem(key)
  } catch {
    // Storage full or refused: the card still shows the weather for this visit.
  }
}

function updatedAt(timestamp: number): string {
  return new Date(timestamp).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })
}

/**
 * Home's local weather for a signed-in member (product-spec §2, §4 'Weather'). States: none ('Add
 * weather'), choosing a city, fetching, shown; 'Change' clears the saved weather and asks for a city
 * again. The snapshot (§3) is kept in this browser per member: shown while under 10 minutes old,
 * refreshed from its coordinates when older (checked every 60 s), discarded without coordinates, and
 * removed when it does not parse. A failed forecast is logged and loading ends without a message (§8).
 * Without JavaScript the card says that weather needs it (the city search and forecast run in the page).
 */
export function WeatherCard({ userId }: { userId: string }) {
  const hydrated = useHydrated()
  const key = snapshotKey(userId)
  const [snapshot, setSnapshot] = useState<WeatherSnapshot | null>(null)
  const [choosing, setChoosing] = useState(false)
  const [loading, setLoading] = useState(false)
  const snapshotRef = useRef<WeatherSnapshot | null>(null)
  const inFlight = useRef<AbortController | null>(null)
  const addButton = useRef<HTMLButtonElement>(null)
  const focusAdd = useRef(false)

  const show = useCallback(
    (next: WeatherSnapshot | null) => {
      snapshotRef.current = next
      setSnapshot(next)
      save(key, next)
    },
    [key],
  )

  const load = useCallback(
    async (coordinates: Coordinates, location: string) => {
      inFlight.current?.abort()
      const controller = new AbortController()
      inFlight.current = controller
      setLoading(true)
      try {
        const weather = await fetchWeather(coordinates.lat, coordinates.lon, controller.signal)
        if (!controller.signal.aborted) show(makeSnapshot(weather, location, coordinates, Date.now()))
      } catch (error) {
        if (!controller.signal.aborted) console.warn(WEATHER_UNAVAILABLE, error)
      } finally {
        if (inFlight.current === controller) {
          inFlight.current = null
          setLoading(false)
        }
      }
    },
    [show],
  )

  /** Applies the saved-weather rules to what is stored now. */
  const checkSaved = useCallback(() => {
    let raw: string | null = null
    try {
      raw = storage()?.getItem(key) ?? null
    } catch {
      raw = null
    }
    const saved = readSavedWeather(raw, Date.now())
    if (saved.kind === 'corrupt' || saved.kind === 'discard') {
      save(key, null)
      snapshotRef.current = null
      setSnapshot(null)
    } else if (saved.kind === 'fresh') {
      snapshotRef.current = saved.snapshot
      setSnapshot(saved.snapshot)
    } else if (saved.kind === 'refresh') {
      snapshotRef.current = saved.snapshot
      setSnapshot(saved.snapshot)
      if (!inFlight.current) void load(saved.snapshot.coordinates, saved.snapshot.weather.location)
    } else {
      snapshotRef.current = null
      setSnapshot(null)
    }
  }, [key, load])

  useEffect(() => {
    checkSaved()
    const timer = setInterval(() => {
      // Only a snapshot this card knows about is checked; a stale one is refreshed or discarded.
      const current = snapshotRef.current
      if (current && !isFresh(current, Date.now())) checkSaved()
    }, WEATHER_STALE_CHECK_MS)
    return () => {
      clearInterval(timer)
      inFlight.current?.abort()
    }
  }, [checkSaved])

  useEffect(() => {
    if (focusAdd.current && !choosing) {
      focusAdd.current = false
      addButton.current?.focus()
    }
  }, [choosing])

  function pick(city: CitySuggestion) {
    setChoosing(false)
    void load({ lat: city.lat, lon: city.lon }, city.display)
  }

  function change() {
    inFlight.current?.abort()
    inFlight.current = null
    setLoading(false)
    show(null)
    setChoosing(true)
  }

  let body
  if (!hydrated) {
    // What the server renders, shown until the page is interactive (a plain <noscript> is not enough: a
    // browser that has JavaScript but does not run it for this page would show nothing).
    body = <p className="text-muted-foreground">Local weather needs JavaScript: turn it on to add a South Carolina city.</p>
  } else if (choosing) {
    body = (
      <CityCombobox
        onPick={pick}
        onCancel={() => {
          focusAdd.current = true
          setChoosing(false)
        }}
      />
    )
  } else if (loading && !snapshot) {
    body = (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <LoaderCircle aria-hidden className="size-4 animate-spin" /> Loading weather...
      </p>
    )
  } else if (snapshot) {
    body = <WeatherDetails snapshot={snapshot} refreshing={loading} onChange={change} />
  } else {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground">See today's weather for a South Carolina city.</p>
        <button
          ref={addButton}
          type="button"
          onClick={() => setChoosing(true)}
          className="rounded-lg bg-primary px-4 py-2 font-semibold text-primary-foreground hover:opacity-90"
        >
          Add weather
        </button>
      </div>
    )
  }

  return (
    <section
      aria-labelledby="weather-title"
      data-testid="weather-card"
      className="rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm"
    >
      <h2 id="weather-title" className="mb-3 flex items-center gap-2 text-lg font-bold">
        <CloudSun aria-hidden className="size-5 text-primary" /> Local Weather
      </h2>
      {/* At least the height of the 'Add weather' row, so the card does not grow when the page hydrates. */}
      <div className="min-h-11">{body}</div>
    </section>
  )
}

function WeatherDetails({ snapshot, refreshing, onChange }: { snapshot: WeatherSnapshot; refreshing: boolean; onChange: () => void }) {
  const { weather, timestamp } = snapshot
  return (
    <div className="grid gap-3" data-testid="weather-details">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="flex items-center gap-1 font-semibold" data-testid="weather-location">
            <MapPin aria-hidden className="size-4" /> {weather.location}
          </p>
          <p className="mt-1 flex items-baseline gap-3">
            <span className="text-4xl font-bold tabular-nums" data-testid="weather-temperature">
              {weather.temperature}°F
            </span>
            <span className="text-lg" data-testid="weather-label">
              {weatherLabel(weather.weatherCode)}
            </span>
          </p>
          <p className="text-sm text-muted-foreground" data-testid="weather-range">
            High {weather.dailyHigh}°F · Low {weather.dailyLow}°F
          </p>
        </div>
        <button type="button" onClick={onChange} className="rounded-lg border border-border px-3 py-1.5 font-semibold hover:bg-muted">
          Change
        </button>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div className="rounded-lg bg-muted p-2">
          <dt className="flex items-center gap-1 text-muted-foreground">
            <Umbrella aria-hidden className="size-4" /> Rain chance
          </dt>
          <dd className="font-semibold tabular-nums" data-testid="weather-rain">
            {weather.rainChance}%
          </dd>
        </div>
        <div className="rounded-lg bg-muted p-2">
          <dt className="flex items-center gap-1 text-muted-foreground">
            <Wind aria-hidden className="size-4" /> Wind
          </dt>
          <dd className="font-semibold tabular-nums" data-testid="weather-wind">
            {weather.windSpeed} mph
          </dd>
        </div>
        <div className="rounded-lg bg-muted p-2">
          <dt className="flex items-center gap-1 text-muted-foreground">
            <Droplets aria-hidden className="size-4" /> Humidity
          </dt>
          <dd className="font-semibold tabular-nums" data-testid="weather-humidity">
            {weather.humidity}%
          </dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground" data-testid="weather-updated">
        {refreshing ? 'Updating...' : `Updated ${updatedAt(timestamp)}`}
      </p>
    </div>
  )
}
