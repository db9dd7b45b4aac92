import { CheckCircle2, TriangleAlert } from 'lucide-react'
import {
  CONVERSIONS,
  type Figure,
  type RandomCoresResult,
  type TackMultiplierBasis,
  type TackRateResult,
} from '~/lib/calculators'
import type { TaggedResult } from './display'

/** Every figure of a result, the main one first and large (read at arm's length in sunlight). */
function Figures({ main, others }: { main: Figure; others: readonly Figure[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <div className="col-span-full">
        <dt className="text-sm font-medium text-muted-foreground">{main.label}</dt>
        <dd className="text-3xl font-bold tabular-nums" data-testid="main-figure">
          {main.text}
        </dd>
      </div>
      {others.map((figure) => (
        <div key={figure.label}>
          <dt className="text-sm text-muted-foreground">{figure.label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{figure.text}</dd>
        </div>
      ))}
    </dl>
  )
}

function Note({ children }: { children: string }) {
  return <p className="text-sm text-muted-foreground">{children}</p>
}

const BASIS_NOTE: Record<TackMultiplierBasis, string | null> = {
  formula: null,
  'fixed-below-32': 'Below 32 °F the multiplier is fixed at 1.02075.',
  'unclamped-above-200': 'Above 200 °F the formula value is used as is.',
}

function TackResult({ result }: { result: TackRateResult }) {
  const basisNote = BASIS_NOTE[result.multiplierBasis]
  return (
    <div className="grid gap-3">
      <Figures
        main={result.rate}
        others={[result.linearFeet, result.squareYards, result.gallonsUsed, result.multiplier, result.actualGallons]}
      />
      {basisNote ? <Note>{basisNote}</Note> : null}
      {/* Spec: an out-of-range multiplier only logs a warning (the card logs it); shown here as a muted note. */}
      {result.warning ? <Note>{result.warning}</Note> : null}
    </div>
  )
}

function CoresResult({ id, result }: { id: string; result: RandomCoresResult }) {
  const captionId = `${id}-cores-caption`
  return (
    <div className="grid gap-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          [result.lotLength.label, result.lotLength.text],
          ['Cores', String(result.coreCount)],
          [result.sectionLength.label, result.sectionLength.text],
          ['Random Number', String(result.randomNumber)],
        ].map(([label, text]) => (
          <div key={label}>
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{text}</dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto">
        <table className="w-full text-left tabular-nums" aria-describedby={captionId}>
          <caption id={captionId} className="sr-only">
            Core locations
          </caption>
          <thead className="border-b border-border text-sm text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Core #
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Station
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Offset (ft)
              </th>
              <th scope="col" className="py-2 font-medium">
                Location
              </th>
            </tr>
          </thead>
          <tbody>
            {result.cores.map((core) => (
              <tr key={core.core} className="border-b border-border last:border-0">
                <td className="py-2 pr-3">{core.core}</td>
                <td className="py-2 pr-3 text-xl font-bold">{core.station}</td>
                <td className="py-2 pr-3">{core.offset}</td>
                <td className="py-2">{core.textLocation}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}

export function CalculatorResult({ tagged }: { tagged: TaggedResult }) {
  switch (tagged.id) {
    case 'asphalt-rate': {
      const { result } = tagged
      return <Figures main={result.rate} others={[result.linearFeet, result.squareYards]} />
    }
    case 'tack-rate':
      return <TackResult result={tagged.result} />
    case 'random-cores':
      return <CoresResult id={tagged.id} result={tagged.result} />
    case 'concrete-volume':
      return <Figures main={tagged.result.cubicYards} others={[]} />
    case 'compaction-percentage': {
      const { result } = tagged
      const Icon = result.meetsStandard ? CheckCircle2 : TriangleAlert
      return (
        <div className="grid gap-2">
          <Figures main={result.percent} others={[]} />
          <p
            className={`flex items-center gap-2 text-lg font-semibold ${result.meetsStandard ? 'text-foreground' : 'text-destructive'}`}
            data-testid="compaction-status"
          >
            <Icon aria-hidden="true" className="size-5 shrink-0" />
            {result.status}
          </p>
        </div>
      )
    }
    case 'rebar-weight': {
      const { result } = tagged
      return (
        <div className="grid gap-2">
          <Figures main={result.weight} others={[result.poundsPerFoot]} />
          <Note>{`Bar size ${result.size}`}</Note>
        </div>
      )
    }
    case 'pipe-grade': {
      const { result } = tagged
      return (
        <div className="grid gap-2">
          <Figures main={result.grade} others={[result.fall]} />
          {result.grade.value < 0 ? <Note>Negative grade: the end invert is higher than the start.</Note> : null}
        </div>
      )
    }
    case 'unit-conversion': {
      const { result } = tagged
      return (
        <div className="grid gap-2">
          <Figures main={result.output} others={[result.input]} />
          <Note>{`${CONVERSIONS[result.conversion].label}: ${result.input.text} = ${result.output.text}`}</Note>
        </div>
      )
    }
  }
}
