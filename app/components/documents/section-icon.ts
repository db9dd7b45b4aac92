/**
 * Topic icon for a specification section of a drawing, chosen by keywords in the section name
 * (product-spec §2). The rules are checked in order and the first match wins, so 'Materials and
 * application' is a materials section and 'Placement and acceptance' an installation section.
 */
export type SectionIconName = 'Package' | 'Wrench' | 'ClipboardCheck' | 'ShieldAlert' | 'Ruler' | 'FileText'

const RULES: readonly { icon: SectionIconName; keywords: readonly string[] }[] = [
  { icon: 'Package', keywords: ['material', 'mix', 'aggregate', 'cement', 'steel', 'concrete', 'pipe type', 'class'] },
  {
    icon: 'Wrench',
    keywords: ['install', 'placement', 'placing', 'mounting', 'set-up', 'setup', 'application', 'sawing', 'sealing', 'preparation', 'pour'],
  },
  { icon: 'ClipboardCheck', keywords: ['test', 'inspection', 'acceptance', 'check', 'sampling', 'density', 'certification'] },
  { icon: 'ShieldAlert', keywords: ['safety', 'warning', 'hazard', 'silica', 'dust', 'flagg', 'barrier', 'barricade', 'channeliz', 'traffic'] },
  {
    icon: 'Ruler',
    keywords: ['measurement', 'dimension', 'spacing', 'length', 'height', 'width', 'depth', 'thickness', 'layout', 'taper', 'buffer', 'size'],
  },
]

/** Keywords match at the start of a word ('test' in 'testing', but 'cement' not in 'placement'). */
export function sectionIconName(sectionName: string): SectionIconName {
  const words = sectionName.toLowerCase().split(/[^a-z0-9-]+/).filter(Boolean)
  const name = ` ${words.join(' ')}`
  return RULES.find((rule) => rule.keywords.some((keyword) => name.includes(` ${keyword}`)))?.icon ?? 'FileText'
}
