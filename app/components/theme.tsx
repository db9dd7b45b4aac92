import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import {
  THEME_CHANGE_EVENT,
  THEME_STORAGE_KEY,
  parseThemePreference,
  resolveTheme,
  themeCookie,
  type ThemeChangeDetail,
  type ThemePreference,
} from '~/lib/theme'

interface ThemeContextValue {
  theme: ThemePreference
  setTheme: (theme: ThemePreference) => void
}

const ThemeContext = createContext<ThemeContextValue>({ theme: 'light', setTheme: () => {} })

function systemPrefersDark(): boolean {
  return window.matchMedia('(prefers-color-scheme: dark)').matches
}

function broadcast(theme: ThemePreference) {
  const detail: ThemeChangeDetail = { theme, resolved: resolveTheme(theme, systemPrefersDark()), timestamp: Date.now() }
  window.dispatchEvent(new CustomEvent(THEME_CHANGE_EVENT, { detail }))
}

/**
 * Holds the theme preference. The server renders `data-theme` from the cookie, and CSS paints it (in
 * system mode through prefers-color-scheme), so the first paint is right without any script.
 * Choosing saves to the cookie and localStorage, applies at once and broadcasts 'theme-change'.
 */
export function ThemeProvider({ initial, children }: { initial: ThemePreference; children: ReactNode }) {
  const [theme, setThemeState] = useState<ThemePreference>(initial)

  // The cookie is what the server sees; localStorage keeps the choice if cookies are cleared.
  useEffect(() => {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY)
    if (stored && parseThemePreference(stored) !== initial && !document.cookie.includes('theme=')) {
      const preference = parseThemePreference(stored)
      document.documentElement.dataset.theme = preference
      document.cookie = themeCookie(preference, location.protocol === 'https:')
      setThemeState(preference)
    }
  }, [initial])

  useEffect(() => {
    if (theme !== 'system') return
    const media = window.matchMedia('(prefers-color-scheme: dark)')
    const onChange = () => broadcast('system')
    media.addEventListener('change', onChange)
    return () => media.removeEventListener('change', onChange)
  }, [theme])

  const setTheme = useCallback((next: ThemePreference) => {
    document.documentElement.dataset.theme = next
    document.cookie = themeCookie(next, location.protocol === 'https:')
    window.localStorage.setItem(THEME_STORAGE_KEY, next)
    setThemeState(next)
    broadcast(next)
  }, [])

  const value = useMemo(() => ({ theme, setTheme }), [theme, setTheme])
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>
}

export function useTheme(): ThemeContextValue {
  return useContext(ThemeContext)
}
