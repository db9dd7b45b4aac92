import { Phone, Siren } from 'lucide-react'
import type { DocumentCatalogue } from '~/lib/corpus/schema'
import { telHref } from './tel-href'

export const EMERGENCY_CARD_ID = 'emergency-contacts'

/** The red emergency card: every catalogue contact with its number as a tel: link. */
export function EmergencyCard({ emergency, highlighted }: { emergency: DocumentCatalogue['emergency']; highlighted: boolean }) {
  return (
    <section
      id={EMERGENCY_CARD_ID}
      aria-labelledby={`${EMERGENCY_CARD_ID}-title`}
      data-highlighted={highlighted ? 'true' : undefined}
      className="scroll-mt-28 rounded-xl border-2 border-red-700 bg-red-50 p-5 text-red-950 data-[highlighted=true]:ring-4 data-[highlighted=true]:ring-ring dark:border-red-400 dark:bg-red-950 dark:text-red-50"
    >
      <h2 id={`${EMERGENCY_CARD_ID}-title`} className="flex items-center gap-2 text-xl font-bold">
        <Siren aria-hidden className="size-6 shrink-0" />
        {emergency.title}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {emergency.contacts.map((contact) => {
          const href = telHref(contact.phone)
          return (
            <li key={contact.label + contact.phone} className="grid content-start gap-1">
              <p className="font-semibold">{contact.label}</p>
              {href ? (
                <a
                  href={href}
                  className="inline-flex min-h-[var(--tap-size)] items-center gap-2 self-start text-2xl font-black text-red-800 underline underline-offset-4 dark:text-red-200"
                >
                  <Phone aria-hidden className="size-5 shrink-0" />
                  {contact.phone}
                </a>
              ) : (
                <p className="text-2xl font-black">{contact.phone}</p>
              )}
              {contact.note ? <p className="text-sm">{contact.note}</p> : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
