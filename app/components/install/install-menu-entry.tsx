import { Download } from 'lucide-react'
import { useEffect } from 'react'
import { loadPushClient, requestInstall, startInstallStore, useInstallState } from '~/lib/install/store'

/**
 * The side menu's 'Install App' entry: runs the same flow as the banner (a deliberate request, so the
 * declined flag does not block it). Running as the installed app, it is shown disabled with a note.
 */
export function InstallMenuEntry({ onChoose }: { onChoose: () => void }) {
  const install = useInstallState()
  useEffect(() => startInstallStore(), [])
  // Loaded before the tap, so 'Install App' asks for notifications within the tap (store.ts).
  useEffect(() => void loadPushClient().catch(() => {}), [])
  if (!install.ready) return null
  if (install.status === 'standalone') {
    return (
      <span aria-disabled="true" className="flex items-start gap-3 rounded-md px-3 py-2 text-muted-foreground">
        <Download aria-hidden className="mt-0.5 size-5 shrink-0" />
        <span>
          <span className="block font-medium">Install App</span>
          <span className="block text-sm">Already installed: you are using the app.</span>
        </span>
      </span>
    )
  }
  return (
    <button
      type="button"
      disabled={install.busy}
      onClick={() => {
        onChoose()
        void requestInstall()
      }}
      className="flex w-full items-start gap-3 rounded-md px-3 py-2 text-left hover:bg-muted disabled:opacity-50"
    >
      <Download aria-hidden className="mt-0.5 size-5 shrink-0" />
      <span>
        <span className="block font-medium">Install App</span>
        <span className="block text-sm text-muted-foreground">
          {install.completed ? 'Installed on this device; open it from your home screen.' : 'Add it to your home screen for quick access.'}
        </span>
      </span>
    </button>
  )
}
