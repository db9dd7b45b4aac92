/** The eight calculators' ids (product-spec §3): the one list the catalogue and the corpus schema share. */
export const CALCULATOR_IDS = [
  'asphalt-rate',
  'tack-rate',
  'random-cores',
  'concrete-volume',
  'compaction-percentage',
  'rebar-weight',
  'pipe-grade',
  'unit-conversion',
] as const

export type CalculatorId = (typeof CALCULATOR_IDS)[number]
