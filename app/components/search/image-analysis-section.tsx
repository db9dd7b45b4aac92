import { FileSearch, Info } from 'lucide-react'
import type { ImageAnalysis } from '~/lib/search/core/types'
import { confidenceDot, firstItems, moreText, textSourceLine, type Dot } from './analysis-display'
import { ModelOutputBadge } from './diagnostic-section'
import { Block } from './result-sections'

const DOT_CLASSES: Record<Dot, string> = { green: 'bg-green-600', yellow: 'bg-yellow-400', red: 'bg-red-600' }

function PlanList({ title, items, testId, limit }: { title: string; items: string[]; testId: string; limit?: number }) {
  if (items.length === 0) return null
  const { shown, more } = limit ? firstItems(items, limit) : { shown: items, more: 0 }
  return (
    <div className="rounded-lg bg-muted p-3">
      <h5 className="font-bold">
        {title} <span className="font-normal text-muted-foreground">({items.length})</span>
      </h5>
      <ul className="mt-1 grid list-disc gap-0.5 pl-5 text-sm" data-testid={testId}>
        {shown.map((item, i) => (
          <li key={i} className="break-words">
            {item}
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p className="mt-1 text-sm font-semibold text-muted-foreground" data-testid={`${testId}-more`}>
          {moreText(more)}
        </p>
      ) : null}
    </div>
  )
}

function TextList({ title, items, testId }: { title: string; items: string[]; testId: string }) {
  if (items.length === 0) return null
  return (
    <>
      <h4 className="mt-5 font-bold">{title}</h4>
      <ul className="mt-2 grid list-disc gap-1 pl-5" data-testid={testId}>
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </>
  )
}

/** The results view's Image Analysis Results (spec §2, §3 'Image analysis', §9 dots and 5-item lists). */
export function ImageAnalysisSection({ analysis, fileName }: { analysis: ImageAnalysis | null; fileName: string | null }) {
  if (!analysis) return null
  const { stationNumbers, annotations, elements } = analysis.planDetails
  const source = textSourceLine(analysis.textSource)
  const hasPlan = stationNumbers.length + annotations.length + elements.length > 0
  return (
    <Block id="image-analysis-title" title="Image Analysis Results" testId="image-analysis" icon={<FileSearch aria-hidden className="size-5 text-primary" />}>
      {fileName ? (
        <p>
          File: <span className="font-semibold" data-testid="analysed-file">{fileName}</span>
        </p>
      ) : null}
      {source ? <p className="text-sm text-muted-foreground" data-testid="text-source">{source}</p> : null}
      {analysis.visionModel ? (
        <p className="mt-1 text-sm" data-testid="vision-model">
          Visual identification by the vision model {analysis.visionModel}; its findings are marked Model output.
        </p>
      ) : null}
      {analysis.notices && analysis.notices.length > 0 ? (
        <ul className="mt-3 grid gap-2" data-testid="analysis-notices">
          {analysis.notices.map((notice, i) => (
            <li key={i}>
              <p role="note" className="flex items-start gap-2 rounded-lg border border-primary bg-accent p-3 text-sm text-accent-foreground">
                <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
                {notice}
              </p>
            </li>
          ))}
        </ul>
      ) : null}

      {analysis.identifiedFeatures.length > 0 ? (
        <>
          <h4 className="mt-5 font-bold">Identified Features</h4>
          <ul className="mt-2 grid gap-2" data-testid="identified-features">
            {analysis.identifiedFeatures.map((feature, i) => {
              const level = confidenceDot(feature.confidence)
              return (
                <li key={i} className="rounded-lg bg-muted p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <span aria-hidden data-dot={level.dot} className={`size-3 shrink-0 rounded-full ring-1 ring-border ${DOT_CLASSES[level.dot]}`} />
                    <p className="mr-auto font-bold">{feature.feature}</p>
                    <span className="text-sm font-semibold" data-testid="feature-confidence">
                      {level.label} confidence ({level.percent}%)
                    </span>
                    <ModelOutputBadge origin={feature.origin} />
                  </div>
                  {feature.specifications ? <p className="mt-1 text-sm">{feature.specifications}</p> : null}
                </li>
              )
            })}
          </ul>
        </>
      ) : null}

      {hasPlan ? (
        <>
          <h4 className="mt-5 font-bold">Plan Details</h4>
          <div className="mt-2 grid gap-3 sm:grid-cols-3" data-testid="plan-details">
            <PlanList title="Station Numbers" items={stationNumbers} testId="plan-stations" />
            <PlanList title="Annotations" items={annotations} testId="plan-annotations" limit={5} />
            <PlanList title="Elements" items={elements} testId="plan-elements" limit={5} />
          </div>
        </>
      ) : null}

      <TextList title="Relevant Specifications" items={analysis.relevantSpecs} testId="image-relevant-specs" />
      <TextList title="Recommendations" items={analysis.recommendations} testId="image-recommendations" />

      {analysis.extractedText ? (
        <details className="mt-5 rounded-lg border border-border p-3" data-testid="extracted-text">
          <summary className="min-h-[var(--tap-size)] cursor-pointer content-center font-semibold">Text read from the file</summary>
          <pre tabIndex={0} className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap break-words font-mono text-sm">{analysis.extractedText}</pre>
        </details>
      ) : null}
    </Block>
  )
}
