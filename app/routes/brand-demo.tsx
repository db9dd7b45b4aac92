import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { DotsLoader } from '~/components/loader'
import { PRODUCT_NAME } from '~/lib/brand'
import { assertSameOrigin, readForm } from '~/lib/http.server'
import { redirectWithToast } from '~/lib/toast.server'

export const meta: MetaFunction = () => [{ title: `Brand system - ${PRODUCT_NAME}` }]

const COLOURS = [
  { name: 'Deep blue', token: 'brand-deep', hex: '#1e3a8a', use: 'Header, primary actions, headings' },
  { name: 'Indigo blue', token: 'brand-indigo', hex: '#4338ca', use: 'Accents, focus rings, gradients' },
  { name: 'Neutral gray', token: 'brand-gray', hex: '#4b5563', use: 'Secondary text, borders' },
  { name: 'Dark background', token: 'brand-night', hex: '#0b1120', use: 'Dark theme surface' },
] as const

/** Shows how a form action reports back: a toast carried across the redirect by a flash cookie. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const form = await readForm(request)
  const variant = form.get('variant') === 'destructive' ? 'destructive' : 'default'
  return redirectWithToast('/brand-demo', {
    title: variant === 'destructive' ? 'Something needs attention' : 'Toast delivered',
    description: 'Sent by a form action and shown after the redirect, with or without JavaScript.',
    variant,
  })
}

/** A logo that falls back to the light logo if its image fails to load. */
function Logo({ src, alt }: { src: string; alt: string }) {
  const [current, setCurrent] = useState(src)
  const ref = useRef<HTMLImageElement>(null)
  const fallBack = () => {
    if (current !== '/logo-light.svg') setCurrent('/logo-light.svg')
  }
  // An image that failed before hydration fired its error event before React listened: check it.
  useEffect(() => {
    const img = ref.current
    if (img && img.complete && img.naturalWidth === 0) fallBack()
  })
  return (
    <img
      ref={ref}
      src={current}
      alt={alt}
      width={320}
      height={64}
      className="h-12 w-auto"
      onError={fallBack}
    />
  )
}

export default function BrandDemo() {
  return (
    <div className="grid gap-8">
      <header>
        <h1 className="text-3xl font-bold">Brand system</h1>
        <p className="mt-2 text-muted-foreground">Colours, logo, type and components of {PRODUCT_NAME}.</p>
      </header>

      <section aria-labelledby="colours-title" className="grid gap-4">
        <h2 id="colours-title" className="text-xl font-semibold">
          Colours
        </h2>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {COLOURS.map((colour) => (
            <li key={colour.token} className="overflow-hidden rounded-xl border border-border bg-card">
              <div className="h-20" style={{ backgroundColor: colour.hex }} />
              <div className="p-3 text-sm">
                <p className="font-semibold">{colour.name}</p>
                <p className="font-mono text-muted-foreground">{colour.hex}</p>
                <p className="text-muted-foreground">{colour.use}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="logo-title" className="grid gap-4">
        <h2 id="logo-title" className="text-xl font-semibold">
          Logo
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-xl border border-border bg-white p-6">
            <Logo src="/logo-light.svg" alt={`${PRODUCT_NAME} logo on light`} />
          </div>
          <div className="rounded-xl border border-border bg-brand-night p-6">
            <Logo src="/logo-dark.svg" alt={`${PRODUCT_NAME} logo on dark`} />
          </div>
        </div>
        <p className="text-sm text-muted-foreground">If a logo image cannot be loaded, the light logo is shown instead.</p>
      </section>

      <section aria-labelledby="type-title" className="grid gap-3 rounded-xl border border-border bg-card p-5">
        <h2 id="type-title" className="text-xl font-semibold">
          Type and components
        </h2>
        <p className="text-3xl font-bold">Heading: Section 401.4</p>
        <p>Body text is set in the system sans-serif for legibility in sunlight on small screens.</p>
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className="min-h-[var(--tap-size)] rounded-md bg-primary px-4 font-semibold text-primary-foreground">
            Primary action
          </button>
          <button type="button" className="min-h-[var(--tap-size)] rounded-md border border-border px-4 font-semibold">
            Secondary action
          </button>
          <span className="rounded bg-white px-1.5 py-0.5 text-xs font-extrabold text-[#9f1239] ring-1 ring-[#9f1239]">SC ONLY</span>
          <span className="rounded-full bg-[#b91c1c] px-2 py-0.5 text-xs font-bold text-white">CRITICAL</span>
          <DotsLoader label="Loader example" />
        </div>
        <Form method="post" className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="variant"
            value="default"
            className="min-h-[var(--tap-size)] rounded-md border border-border px-4 font-semibold"
          >
            Send a test toast
          </button>
          <button
            type="submit"
            name="variant"
            value="destructive"
            className="min-h-[var(--tap-size)] rounded-md border border-destructive px-4 font-semibold text-destructive"
          >
            Send a destructive toast
          </button>
        </Form>
      </section>
    </div>
  )
}
