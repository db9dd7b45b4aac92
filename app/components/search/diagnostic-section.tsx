import { Bot, CheckSquare, ShieldPlus, Stethoscope, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import type { DiagnosticResult, FindingOrigin, RecommendationPriority, Severity } from '~/lib/search/core/types'
import { capitalise, issueTypeWords } from './analysis-display'
import { Block } from './result-sections'

const STRONG = 'bg-destructive text-destructive-foreground'
const MIDDLE = 'bg-accent text-accent-foreground ring-1 ring-primary'
const QUIET = 'bg-muted text-foreground ring-1 ring-border'

const SEVERITY_TONES: Record<Severity, string> = { critical: STRONG, high: STRONG, medium: MIDDLE, low: QUIET }
const PRIORITY_TONES: Record<RecommendationPriority, string> = { immediate: STRONG, high: MIDDLE, medium: QUIET, low: QUIET }

function Badge({ tone, children, testId }: { tone: string; children: ReactNode; testId?: string }) {
  return (
    <span data-testid={testId} className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>
      {children}
    </span>
  )
}

/** Findings of a vision model are marked as its output, never presented as the product's own. */
export function ModelOutputBadge({ origin }: { origin?: FindingOrigin }) {
  if (origin !== 'model') return null
  return (
    <span data-testid="model-output" className="inline-flex items-center gap-1 rounded-full bg-brand-indigo px-2.5 py-0.5 text-xs font-semibold text-white">
      <Bot aria-hidden className="size-3.5" />
      Model output
    </span>
  )
}

function SubHeading({ children }: { children: ReactNode }) {
  return <h4 className="mt-5 font-bold">{children}</h4>
}

/** The results view's diagnostic analysis (spec §2, §3 'Diagnostic result'). */
export function DiagnosticSection({ diagnostic }: { diagnostic: DiagnosticResult | null }) {
  if (!diagnostic) return null
  return (
    <Block id="diagnostic-title" title="Diagnostic Analysis" testId="diagnostic-analysis" icon={<Stethoscope aria-hidden className="size-5 text-primary" />}>
      <div className="flex flex-wrap items-center gap-2">
        <p className="mr-auto text-xl font-bold" data-testid="primary-issue">
          {diagnostic.primaryIssue}
        </p>
        <Badge tone={SEVERITY_TONES[diagnostic.severity] ?? QUIET} testId="diagnostic-severity">
          Severity: {capitalise(diagnostic.severity)}
        </Badge>
        <Badge tone={QUIET} testId="diagnostic-confidence">
          Confidence: {capitalise(diagnostic.confidence)}
        </Badge>
      </div>
      {diagnostic.issueType ? (
        <p className="mt-1 text-sm text-muted-foreground">
          Issue type: <span className="font-semibold text-foreground" data-testid="issue-type">{issueTypeWords(diagnostic.issueType)}</span>
        </p>
      ) : null}

      {diagnostic.detectedProblems.length > 0 ? (
        <>
          <SubHeading>Detected Problems</SubHeading>
          <ul className="mt-2 grid gap-2" data-testid="detected-problems">
            {diagnostic.detectedProblems.map((problem, i) => (
              <li key={i} className="rounded-lg bg-muted p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="mr-auto font-bold">{problem.problem}</p>
                  <Badge tone={SEVERITY_TONES[problem.severity] ?? QUIET}>Severity: {capitalise(problem.severity)}</Badge>
                  <ModelOutputBadge origin={problem.origin} />
                </div>
                {problem.description ? <p className="mt-1 text-sm">{problem.description}</p> : null}
                {problem.causeLikely.length > 0 ? (
                  <div className="mt-2 text-sm">
                    <p className="font-semibold">Likely causes:</p>
                    <ul className="list-disc pl-5">
                      {problem.causeLikely.map((cause, j) => (
                        <li key={j}>{cause}</li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {diagnostic.recommendations.length > 0 ? (
        <>
          <SubHeading>Recommendations</SubHeading>
          <ol className="mt-2 grid gap-2" data-testid="diagnostic-recommendations">
            {diagnostic.recommendations.map((recommendation, i) => (
              <li key={i} className="rounded-lg bg-muted p-3">
                <div className="flex flex-wrap items-start gap-2">
                  <p className="mr-auto font-semibold">{recommendation.action}</p>
                  <Badge tone={PRIORITY_TONES[recommendation.priority] ?? QUIET}>Priority: {capitalise(recommendation.priority)}</Badge>
                </div>
                <dl className="mt-1 grid gap-0.5 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
                  <dt className="font-semibold">SCDOT reference</dt>
                  <dd>{recommendation.scdotReference || 'None confirmed in the corpus'}</dd>
                  <dt className="font-semibold">Estimated cost</dt>
                  <dd>{recommendation.estimatedCost || 'Not estimated'}</dd>
                </dl>
              </li>
            ))}
          </ol>
        </>
      ) : null}

      <IconList heading="Inspection Checklist" items={diagnostic.inspectionChecklist} icon={CheckSquare} testId="inspection-checklist" />
      <IconList heading="Preventive Measures" items={diagnostic.preventiveMeasures} icon={ShieldPlus} testId="preventive-measures" />

      {diagnostic.relatedSpecs.length > 0 ? (
        <>
          <SubHeading>Related Specifications</SubHeading>
          <ul className="mt-2 grid gap-2" data-testid="related-specs">
            {diagnostic.relatedSpecs.map((spec, i) => (
              <li key={i} className="rounded-lg bg-muted p-3 text-sm">
                <p className="font-bold">
                  {spec.specification}
                  {spec.section && !spec.specification.includes(spec.section) ? `, ${spec.section}` : ''}
                </p>
                {spec.relevance ? <p>{spec.relevance}</p> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Block>
  )
}

/** A titled list with the same icon before each item; nothing when the list is empty. */
function IconList({ heading, items, icon: Icon, testId }: { heading: string; items: string[]; icon: LucideIcon; testId: string }) {
  if (items.length === 0) return null
  return (
    <>
      <SubHeading>{heading}</SubHeading>
      <ul className="mt-2 grid gap-1" data-testid={testId}>
        {items.map((item, i) => (
          <li key={i} className="flex items-start gap-2">
            <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            {item}
          </li>
        ))}
      </ul>
    </>
  )
}
