import { Link } from '@remix-run/react'
import { ArrowLeft, Info } from 'lucide-react'
import type { DocumentCatalogue, DocumentCategory } from '~/lib/corpus/schema'
import { CATEGORY_HUES, categoryIcon } from './category-style'
import { DocumentCard } from './document-card'
import { EMERGENCY_CARD_ID, EmergencyCard } from './emergency-card'

interface Props {
  catalogue: DocumentCatalogue
  highlightedId: string | null
  onOpen: (anchor: string) => void
}

function CategorySection({ category, highlightedId, onOpen }: { category: DocumentCategory } & Omit<Props, 'catalogue'>) {
  const Icon = categoryIcon(category.icon)
  const hue = CATEGORY_HUES[category.color]
  return (
    <section
      id={category.id}
      aria-labelledby={`${category.id}-title`}
      data-highlighted={highlightedId === category.id ? 'true' : undefined}
      className={`scroll-mt-28 rounded-2xl border-t-4 pt-4 data-[highlighted=true]:ring-4 data-[highlighted=true]:ring-ring ${hue.edge}`}
    >
      <h2 id={`${category.id}-title`} className="flex items-center gap-3 text-xl font-bold">
        <span className={`inline-flex size-10 shrink-0 items-center justify-center rounded-lg ${hue.chip}`}>
          <Icon aria-hidden className="size-5" />
        </span>
        {category.title}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {category.documents.map((card) => (
          <DocumentCard
            key={card.id}
            card={card}
            highlighted={highlightedId === (card.anchor ?? card.id)}
            onOpen={onOpen}
          />
        ))}
      </ul>
    </section>
  )
}

/** The reference documents screen (product-spec §2 'Reference documents'). */
export function DocumentList({ catalogue, highlightedId, onOpen }: Props) {
  return (
    <div className="grid gap-8">
      <header className="grid gap-3">
        <Link
          to="/"
          className="inline-flex min-h-[var(--tap-size)] items-center gap-1 self-start font-medium text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Back to Home
        </Link>
        <h1 className="text-3xl font-bold">Reference Documents</h1>
        <p className="self-start rounded-md bg-[#9f1239] px-2 py-1 text-sm font-bold text-white">
          SC ONLY - Not for use outside South Carolina
        </p>
        <p className="text-muted-foreground">
          Specifications, standard drawings, manuals and test procedures. Standard drawings open here with their key
          figures; other documents open on the official website.
        </p>
      </header>
      {catalogue.categories.map((category) => (
        <CategorySection key={category.id} category={category} highlightedId={highlightedId} onOpen={onOpen} />
      ))}
      <EmergencyCard emergency={catalogue.emergency} highlighted={highlightedId === EMERGENCY_CARD_ID} />
      <p className="flex items-start gap-2 rounded-xl border border-border bg-card p-4 text-sm">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
        {catalogue.note}
      </p>
    </div>
  )
}
