import { Link } from '@remix-run/react'
import { Bell, BellOff, Send } from 'lucide-react'
import { useCallback, useEffect, useId, useState } from 'react'
import { enableNotifications, MESSAGES, notificationPermission, sendTestNotification, setTopic } from '~/lib/push/client'
import {
  DEFAULT_SETTINGS,
  NOTIFICATION_TOPICS,
  readSettings,
  SETTINGS_CHANGE_EVENT,
  SETTINGS_STORAGE_KEY,
  TOPIC_LABELS,
  TOPIC_WORDS,
  type NotificationSettings,
  type NotificationTopic,
} from '~/lib/push/settings'
import { useHydrated } from '~/lib/use-hydrated'
import { useSessionStatus } from '~/lib/use-session'

type Permission = NotificationPermission | 'unsupported'

/** The browser's notification permission, kept current when the user changes it in site settings. */
function usePermission(): [Permission | null, (p: Permission) => void] {
  const [permission, setPermission] = useState<Permission | null>(null)
  useEffect(() => {
    setPermission(notificationPermission())
    let status: PermissionStatus | undefined
    const update = () => setPermission(notificationPermission())
    navigator.permissions
      ?.query({ name: 'notifications' })
      .then((result) => {
        status = result
        result.addEventListener('change', update)
      })
      .catch(() => undefined)
    return () => status?.removeEventListener('change', update)
  }, [])
  return [permission, setPermission]
}

function useSettings(): [NotificationSettings, (s: NotificationSettings) => void] {
  const [settings, setSettings] = useState<NotificationSettings>(DEFAULT_SETTINGS)
  useEffect(() => {
    setSettings(readSettings())
    const onChange = () => setSettings(readSettings())
    const onStorage = (event: StorageEvent) => {
      if (event.key === SETTINGS_STORAGE_KEY) onChange()
    }
    window.addEventListener(SETTINGS_CHANGE_EVENT, onChange)
    window.addEventListener('storage', onStorage)
    return () => {
      window.removeEventListener(SETTINGS_CHANGE_EVENT, onChange)
      window.removeEventListener('storage', onStorage)
    }
  }, [])
  return [settings, setSettings]
}

const BUTTON =
  'inline-flex min-h-[var(--tap-size)] items-center justify-center gap-2 rounded-md px-3 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60'

/**
 * The side menu's push notification card (product-spec §2, §4, §8): members enable notifications,
 * then choose construction news, industry trends and important announcements and can send a test of
 * each. Guests and signed-out visitors are told it is a member benefit.
 */
export function NotificationSettingsCard() {
  const { user, isGuest } = useSessionStatus()
  const hydrated = useHydrated()
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border border-border p-3" data-testid="notification-card">
      <h3 id={headingId} className="flex items-center gap-2 font-semibold">
        <Bell aria-hidden className="size-4" />
        Push Notifications
      </h3>
      {!user || isGuest ? (
        <>
          <p className="text-sm text-muted-foreground">News and update notifications are for members.</p>
          <Link to="/auth" className="text-sm font-semibold text-primary underline-offset-4 hover:underline">
            Sign up to get notifications
          </Link>
        </>
      ) : hydrated ? (
        <MemberNotificationSettings />
      ) : (
        <p className="text-sm text-muted-foreground">Notifications need JavaScript turned on in this browser.</p>
      )}
    </section>
  )
}

function MemberNotificationSettings() {
  const [permission, setPermission] = usePermission()
  const [settings, setSettings] = useSettings()
  const [busy, setBusy] = useState(false)

  const enable = useCallback(async () => {
    setBusy(true)
    try {
      const outcome = await enableNotifications()
      setPermission(outcome === 'granted' ? 'granted' : notificationPermission())
      setSettings(readSettings())
    } finally {
      setBusy(false)
    }
  }, [setPermission, setSettings])

  if (permission === null) return null
  if (permission === 'unsupported') {
    return (
      <div role="status" className="grid gap-1 text-sm">
        <p className="flex items-center gap-2 font-semibold">
          <BellOff aria-hidden className="size-4" />
          {MESSAGES.unsupported.title}
        </p>
        <p className="text-muted-foreground">{MESSAGES.unsupported.description}</p>
      </div>
    )
  }
  if (permission === 'denied') {
    return (
      <div role="status" className="grid gap-1 text-sm">
        <p className="flex items-center gap-2 font-semibold">
          <BellOff aria-hidden className="size-4" />
          {MESSAGES.blocked.title}
        </p>
        <p className="text-muted-foreground">{MESSAGES.blocked.description}</p>
      </div>
    )
  }
  if (permission === 'default') {
    return (
      <div className="grid gap-2 text-sm">
        <p className="text-muted-foreground">Get construction news, industry trends and important announcements as they happen.</p>
        <button type="button" onClick={enable} disabled={busy} className={`${BUTTON} bg-primary text-primary-foreground hover:opacity-90`}>
          <Bell aria-hidden className="size-4" />
          Enable Notifications
        </button>
      </div>
    )
  }
  return (
    <ul className="grid gap-2">
      {NOTIFICATION_TOPICS.map((topic) => (
        <TopicRow
          key={topic}
          topic={topic}
          enabled={settings[topic]}
          onToggle={async (next) => setSettings(await setTopic(topic, next))}
        />
      ))}
    </ul>
  )
}

function TopicRow({ topic, enabled, onToggle }: { topic: NotificationTopic; enabled: boolean; onToggle: (next: boolean) => void }) {
  const labelId = useId()
  const [sending, setSending] = useState(false)
  return (
    <li className="flex items-center justify-between gap-2 text-sm">
      <span id={labelId} className="font-medium">
        {TOPIC_LABELS[topic]}
      </span>
      <span className="flex items-center gap-2">
        <button
          type="button"
          aria-label={`Send a test ${TOPIC_WORDS[topic]} notification`}
          title="Send test notification"
          disabled={!enabled || sending}
          onClick={async () => {
            setSending(true)
            try {
              await sendTestNotification(topic)
            } finally {
              setSending(false)
            }
          }}
          className={`${BUTTON} border border-border px-2 hover:bg-muted`}
        >
          <Send aria-hidden className="size-4" />
          Test
        </button>
        <button
          type="button"
          role="switch"
          aria-checked={enabled}
          aria-labelledby={labelId}
          onClick={() => onToggle(!enabled)}
          className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 ${
            enabled ? 'bg-primary' : 'bg-muted-foreground/60'
          }`}
        >
          <span
            aria-hidden
            className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${enabled ? 'translate-x-5' : 'translate-x-0.5'}`}
          />
        </button>
      </span>
    </li>
  )
}
