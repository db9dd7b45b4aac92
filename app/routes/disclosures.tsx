import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { DEPARTMENT_LONG, DEPARTMENT_URL, PRODUCT_NAME } from '~/lib/brand'

export const meta: MetaFunction = () => [
  { title: `Disclosures - ${PRODUCT_NAME}` },
  { name: 'description', content: 'AI disclosures, data and privacy, usage guidelines and contact for Specifications Only.' },
]

const LAST_UPDATED = '2026-11-21'

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded-xl border border-border bg-card p-5 sm:p-6">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {title}
      </h2>
      <div className="mt-4 grid gap-4 text-[0.95rem] leading-relaxed">{children}</div>
    </section>
  )
}

function Item({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      <div className="mt-1 text-muted-foreground">{children}</div>
    </div>
  )
}

export default function Disclosures() {
  return (
    <article className="mx-auto grid max-w-3xl gap-6">
      <header>
        <Link to="/" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          ← Back to Home
        </Link>
        <h1 className="mt-3 text-3xl font-bold">Disclosures</h1>
        <p className="mt-2 text-muted-foreground">
          {PRODUCT_NAME} is an independent third-party tool. It is not affiliated with, endorsed by or operated by the{' '}
          {DEPARTMENT_LONG} (SCDOT). Last updated {LAST_UPDATED}.
        </p>
      </header>

      <Section id="ai" title="AI disclosures">
        <Item title="Content notice">
          Answers are produced by software from a library of summaries written for this product and from the official
          documents an organisation loads into it. Each answer names the engine that produced it (an extractive engine that
          quotes retrieved passages, or, where configured, a language model) and cites the document, edition and section
          or drawing it relies on.
        </Item>
        <Item title="Accuracy">
          Answers can be incomplete, out of date or wrong. Specifications change between editions and by supplemental
          specification, special provision and contract. When the evidence is weak the product says &quot;I don&apos;t
          know&quot; and lists the nearest sources instead of guessing. Always verify every requirement, figure and
          tolerance against the current official SCDOT documents and your contract before acting on it.
        </Item>
        <Item title="No professional advice">
          Nothing here is engineering, legal or safety advice, and nothing here replaces the judgement of the engineer of
          record, the Resident Construction Engineer, or an official approval, inspection or test. Consult a licensed
          engineer for critical decisions.
        </Item>
        <Item title="Limitation of liability">
          The product is provided as is, without warranty of any kind. To the fullest extent the law allows, its makers
          are not liable for any loss, rework, delay, penalty or injury arising from its use or from reliance on its
          answers.
        </Item>
      </Section>

      <Section id="privacy" title="Data and privacy">
        <Item title="Sources">
          The knowledge base holds summaries written in our own words, each citing its official source, and public SCDOT,
          FHWA (MUTCD) and OSHA material. Official documents are available from the department at{' '}
          <a href={DEPARTMENT_URL} target="_blank" rel="noreferrer" className="font-medium text-primary underline">
            scdot.org
          </a>
          .
        </Item>
        <Item title="Queries may be logged">
          Questions, uploaded files and their results may be stored with your account to provide history, favourites,
          your dashboard and to improve answers. Guest searches are counted on the server. Do not enter personal or
          confidential project information you are not allowed to share.
        </Item>
        <Item title="Third-party AI provider">
          By default every answer is computed on our own server. If the operator configures an external AI model
          provider, the text of your question and the passages retrieved for it (and, for photo analysis, the image) are
          sent to that provider to write the answer; the answer says when a model wrote it.
        </Item>
        <Item title="Cookies and local storage">
          We use a session cookie to keep you signed in, a cookie that remembers which accounts have signed in on this
          browser (so that other people&apos;s failed sign-in attempts cannot lock you out), a short-lived cookie to show
          a message after a form is sent, and your browser&apos;s storage for preferences such as the theme. No advertising
          trackers are used.
        </Item>
      </Section>

      <Section id="usage" title="Usage guidelines">
        <Item title="Appropriate use">
          <ul className="list-disc pl-5">
            <li>Finding the specification section, drawing or test method that applies to work in South Carolina.</li>
            <li>Field checks and quick calculations that you then confirm against the contract documents.</li>
            <li>Preparing for inspections, training and reviewing inspection reports.</li>
          </ul>
        </Item>
        <Item title="Inappropriate use">
          <ul className="list-disc pl-5">
            <li>Work outside South Carolina: the content covers SCDOT specifications only.</li>
            <li>Accepting, rejecting or paying for work on the product&apos;s answer alone.</li>
            <li>Safety-critical decisions without a competent person or engineer.</li>
            <li>Entering information you are not authorised to share.</li>
          </ul>
        </Item>
      </Section>

      <Section id="contact" title="Contact and updates">
        <Item title="Contact">
          Questions about an answer or a citation that looks wrong are welcome through your organisation&apos;s
          administrator of this product. For official interpretations contact SCDOT through{' '}
          <a href={DEPARTMENT_URL} target="_blank" rel="noreferrer" className="font-medium text-primary underline">
            the department&apos;s website
          </a>
          .
        </Item>
        <Item title="Updates">
          These disclosures and the knowledge base are revised as editions and supplemental specifications change. The
          date at the top shows the last revision.
        </Item>
      </Section>
    </article>
  )
}
