import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ArrowLeft, ShieldAlert } from 'lucide-react'
import { useCallback, useReducer, useState } from 'react'
import { z } from 'zod'
import { CalculatorCard } from '~/components/calculators/calculator-card'
import { CalculatorSearch } from '~/components/calculators/calculator-search'
import {
  cardsReducer,
  initialCardsState,
  MAX_QUERY_LENGTH,
  searchHref,
  type PostedCard,
} from '~/components/calculators/display'
import { useCalculatorTarget } from '~/components/calculators/use-calculator-target'
import { PRODUCT_NAME, VERIFY_NOTICE } from '~/lib/brand'
import { assertSameOrigin, jsonError, readForm } from '~/lib/http.server'
import {
  calculate,
  CALCULATOR_IDS,
  getFields,
  initialInputs,
  searchCalculators,
  type CalculatorId,
} from '~/lib/calculators'

export const meta: MetaFunction = () => [
  { title: `Field Calculations - ${PRODUCT_NAME}` },
  {
    name: 'description',
    content:
      'Field calculators for SCDOT inspectors: asphalt and tack rates, random core locations, concrete volume, compaction, rebar weight, pipe grade and unit conversions.',
  },
]

export function loader({ request }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').slice(0, MAX_QUERY_LENGTH)
  return { q }
}

const MAX_INPUT_LENGTH = 200

const postSchema = z.object({
  calculator: z.enum(CALCULATOR_IDS, { error: 'Unknown calculator: send the form from the Field Calculations page.' }),
  intent: z.enum(['calculate', 'reset'], { error: 'Unknown action: use Calculate or Reset.' }).default('calculate'),
})

/**
 * Reads one calculator card's POST (the page without JavaScript). A body that is not a form, an
 * unknown calculator or a file instead of text is the client's mistake (400, thrown); a missing or
 * wrong value is the inspector's, answered with the card's message like the live page.
 */
async function runCalculatorPost(request: Request): Promise<PostedCard> {
  assertSameOrigin(request)
  const form = await readForm(request)
  const head = postSchema.safeParse({
    calculator: form.get('calculator') ?? undefined,
    intent: form.get('intent') ?? undefined,
  })
  if (!head.success) throw jsonError(400, head.error.issues[0]?.message ?? 'Invalid form.')
  const { calculator, intent } = head.data

  if (intent === 'reset') return { calculator, inputs: initialInputs(calculator), submitted: false, outcome: null }

  const inputs = initialInputs(calculator)
  for (const field of getFields(calculator)) {
    const value = form.get(field.name)
    if (value === null) continue
    if (typeof value !== 'string') throw jsonError(400, `${field.label} must be sent as text.`)
    inputs[field.name] = value.slice(0, MAX_INPUT_LENGTH)
  }
  return { calculator, inputs, submitted: true, outcome: calculate(calculator, inputs, { mode: 'submit' }) }
}

/** The no-JavaScript path: one card's form posted; computed with the same module in 'submit' mode. */
export async function action({ request }: ActionFunctionArgs) {
  const posted = await runCalculatorPost(request)
  return data(posted, { status: posted.outcome && !posted.outcome.ok ? 400 : 200 })
}

export default function FieldCalculations() {
  const { q } = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  const [query, setQuery] = useState(q)
  const [cards, dispatch] = useReducer(cardsReducer, posted ?? null, initialCardsState)

  // A targeted card hidden by the current search is revealed by clearing the search.
  const reveal = useCallback((id: CalculatorId) => {
    setQuery((current) => (searchCalculators(current).some((entry) => entry.id === id) ? current : ''))
  }, [])
  const selected = useCalculatorTarget(reveal)

  const entries = searchCalculators(query)
  return (
    <div className="grid gap-6">
      <header className="grid gap-3">
        <Link
          to="/"
          className="inline-flex min-h-[var(--tap-size)] w-fit items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Search
        </Link>
        <h1 className="text-3xl font-bold">Field Calculations</h1>
        <p className="text-muted-foreground">
          Eight calculators for the field. Results follow the SCDOT formulas built into this product; check them before you
          record them.
        </p>
        <p className="flex items-start gap-2 rounded-lg border border-border bg-card p-3 text-sm" data-testid="verify-notice">
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {VERIFY_NOTICE}
        </p>
      </header>

      <CalculatorSearch query={query} found={entries.length} onQueryChange={setQuery} />

      {entries.length === 0 ? (
        <p className="rounded-lg border border-border bg-card p-5 text-muted-foreground">
          No calculator matches that search. Try one of the categories above or{' '}
          <a
            href={searchHref('')}
            onClick={(event) => {
              event.preventDefault()
              setQuery('')
            }}
            className="font-medium text-primary underline"
          >
            show all calculators
          </a>
          .
        </p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          {entries.map((entry) => (
            <CalculatorCard
              key={entry.id}
              entry={entry}
              state={cards[entry.id]}
              query={query}
              selected={selected === entry.id}
              onInput={(name, value) => dispatch({ type: 'input', id: entry.id, name, value })}
              onSubmit={() => dispatch({ type: 'submit', id: entry.id })}
              onReset={() => dispatch({ type: 'reset', id: entry.id })}
            />
          ))}
        </div>
      )}
    </div>
  )
}
