import { Form, useLocation } from '@remix-run/react'
import { Monitor, Moon, Sun } from 'lucide-react'
import { THEME_PREFERENCES, type ThemePreference } from '~/lib/theme'
import { useTheme } from './theme'

const OPTIONS: Record<ThemePreference, { label: string; Icon: typeof Sun }> = {
  light: { label: 'Light', Icon: Sun },
  dark: { label: 'Dark', Icon: Moon },
  system: { label: 'System', Icon: Monitor },
}

/**
 * Light / dark / system. Without JavaScript each choice is a submit button posting to /theme, which
 * sets the cookie and redirects back; with JavaScript the choice applies in place.
 */
export function ThemeSwitch() {
  const { theme, setTheme } = useTheme()
  const location = useLocation()
  return (
    <Form method="post" action="/theme" reloadDocument className="grid gap-2" aria-label="Theme">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Theme</legend>
        <div className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1">
          {THEME_PREFERENCES.map((value) => {
            const { label, Icon } = OPTIONS[value]
            const active = theme === value
            return (
              <button
                key={value}
                type="submit"
                name="theme"
                value={value}
                aria-pressed={active}
                onClick={(event) => {
                  event.preventDefault()
                  setTheme(value)
                }}
                className={`flex min-h-[var(--tap-size)] items-center justify-center gap-1.5 rounded-md px-2 text-sm ${
                  active ? 'bg-card font-semibold text-foreground shadow' : 'text-muted-foreground hover:text-foreground'
                }`}
              >
                <Icon aria-hidden className="size-4" />
                {label}
              </button>
            )
          })}
        </div>
      </fieldset>
    </Form>
  )
}
