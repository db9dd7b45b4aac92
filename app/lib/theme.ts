/** Theme preference: one stored value. Light is the default (product-spec §9). */
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const
export type ThemePreference = (typeof THEME_PREFERENCES)[number]
export type ResolvedTheme = 'light' | 'dark'

export const THEME_COOKIE = 'theme'
export const THEME_STORAGE_KEY = 'theme'
export const THEME_CHANGE_EVENT = 'theme-change'
export const DEFAULT_THEME: ThemePreference = 'light'

export function parseThemePreference(value: unknown): ThemePreference {
  return typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value)
    ? (value as ThemePreference)
    : DEFAULT_THEME
}

/** The theme to paint: a fixed choice wins; system follows the operating system's dark preference. */
export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light'
  return preference
}

/** Reads the theme cookie out of a Cookie header (or document.cookie). */
export function themeFromCookieHeader(cookieHeader: string | null | undefined): ThemePreference {
  if (!cookieHeader) return DEFAULT_THEME
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === THEME_COOKIE) return parseThemePreference(decodeURIComponent(rest.join('=')))
  }
  return DEFAULT_THEME
}

/** The cookie that lets the server render the chosen theme on the first paint (one year). */
export function themeCookie(preference: ThemePreference, secure = false): string {
  return `${THEME_COOKIE}=${preference}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`
}

export interface ThemeChangeDetail {
  theme: ThemePreference
  resolved: ResolvedTheme
  timestamp: number
}
