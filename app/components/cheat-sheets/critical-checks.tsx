import { ClipboardCheck } from 'lucide-react'
import { SheetSection } from './sheet-section'

/** 'Check X. [Section 401]' -> the check and its trailing bracketed reference, shown quieter. */
export function splitReference(check: string): { text: string; reference?: string } {
  const match = /^(.*\S)\s*\[([^\]]+)\]$/s.exec(check.trim())
  return match ? { text: match[1]!, reference: match[2]! } : { text: check.trim() }
}

/** A checklist: native checkboxes, so ticking works with or without JavaScript (nothing is saved). */
export function CriticalChecks({ sheetId, checks }: { sheetId: string; checks: readonly string[] }) {
  return (
    <SheetSection id="critical-checks" title="Critical Checks" Icon={ClipboardCheck}>
      <ul className="grid gap-1">
        {checks.map((check, index) => {
          const { text, reference } = splitReference(check)
          const id = `${sheetId}-check-${index + 1}`
          return (
            <li key={id} className="break-inside-avoid">
              <label
                htmlFor={id}
                className="flex min-h-[var(--tap-size)] cursor-pointer items-start gap-3 rounded-md p-2 hover:bg-muted print:p-1"
              >
                <input id={id} type="checkbox" className="mt-0.5 size-5 shrink-0 accent-primary" />
                <span>
                  {text}
                  {reference ? <span className="text-sm text-muted-foreground"> [{reference}]</span> : null}
                </span>
              </label>
            </li>
          )
        })}
      </ul>
      <p className="text-xs text-muted-foreground print:hidden">Ticks help you work through the list on site; they are not saved.</p>
    </SheetSection>
  )
}
