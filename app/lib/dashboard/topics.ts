/**
 * The fixed list of work topics a question can be about, and `topicsOfQuery`, which maps a question
 * to them. Pure (server and browser): the dashboard counts topics per search, and the search feature
 * stores `topicsOfQuery(query)` with each search.
 *
 * Matching: the query is lower-cased and split into words (anything but a letter or digit separates,
 * so 'QC/QA' is 'qc qa' and 'W-beam' is 'w beam'); a word of more than 3 letters loses a plural 's'
 * ('signs' = 'sign', 'barriers' = 'barrier'). A keyword matches when its words appear in the query
 * as consecutive whole words, so 'mot' never matches inside 'motor' and 'rcp' never inside 'rcpt'.
 *
 * Keywords come in two strengths. A `keywords` match always counts. A `weakKeywords` match (generic
 * words such as 'compaction' or 'density', which mean different work in different contexts) counts
 * only when no topic matched a strong keyword: 'asphalt compaction' is Asphalt alone, 'compaction
 * requirements' is Earthwork. A query can have several topics ('concrete testing' is Concrete and
 * Testing & Sampling); they are returned in the order of TOPICS.
 */

export const TOPIC_NAMES = [
  'Asphalt',
  'Concrete',
  'Earthwork',
  'Bases',
  'Drainage & Pipe',
  'Guardrail & Barriers',
  'Pavement Markings',
  'Signs & Signals',
  'Work Zone Traffic Control',
  'Bridge Decks',
  'Erosion Control & Seeding',
  'Reinforcing Steel',
  'Testing & Sampling',
  'Safety (OSHA)',
] as const

export type TopicName = (typeof TOPIC_NAMES)[number]

export interface Topic {
  name: TopicName
  /** lucide-react icon name, the same pictures the cheat sheets use. */
  icon: string
  /** The cheat sheet for this topic (corpus/cheat-sheets/<id>.md); null when there is none. */
  cheatSheetId: string | null
  keywords: readonly string[]
  weakKeywords?: readonly string[]
}

export const TOPICS: readonly Topic[] = [
  {
    name: 'Asphalt',
    icon: 'Layers',
    cheatSheetId: 'asphalt',
    keywords: [
      'asphalt', 'hma', 'hot mix', 'hotmix', 'warm mix', 'wma', 'bituminous', 'tack', 'tack coat', 'prime coat',
      'milling', 'milled', 'overlay', 'resurfacing', 'superpave', 'asphalt binder', 'pg binder', 'rap', 'paver',
      'flexible pavement', 'sc m 400', 'sc m 402',
    ],
    weakKeywords: ['paving', 'pave', 'mat', 'roller', 'rolling'],
  },
  {
    name: 'Concrete',
    icon: 'BrickWall',
    cheatSheetId: 'concrete',
    keywords: [
      'concrete', 'pcc', 'portland cement', 'ready mix', 'readymix', 'batch ticket', 'air entrained',
      'curing', 'cure', 'saw cut', 'sawcut', 'contraction joint', 'joint sealing', 'joint sealant', 'rigid pavement',
      'fly ash', 'finishing',
    ],
    weakKeywords: ['joint', 'pour', 'placement'],
  },
  {
    name: 'Earthwork',
    icon: 'Mountain',
    cheatSheetId: 'earthwork',
    keywords: [
      'earthwork', 'embankment', 'subgrade', 'fill material', 'backfill', 'borrow', 'borrow pit', 'excavation',
      'proctor', 'soil', 'undercut', 'unsuitable material', 'muck', 'grading', 'cut and fill', 'proof roll',
      'proof rolling', 'proofroll',
    ],
    weakKeywords: ['compaction', 'compact', 'moisture', 'fill'],
  },
  {
    name: 'Bases',
    icon: 'Construction',
    cheatSheetId: 'bases',
    keywords: [
      'base course', 'aggregate base', 'graded aggregate base', 'gab', 'gabc', 'subbase', 'sub base', 'stabilized base',
      'cement modified', 'soil cement', 'macadam', 'stone base',
    ],
    weakKeywords: ['base', 'aggregate'],
  },
  {
    name: 'Drainage & Pipe',
    icon: 'Droplets',
    cheatSheetId: 'drainage',
    keywords: [
      'drainage', 'pipe', 'culvert', 'rcp', 'cmp', 'hdpe', 'storm drain', 'storm sewer', 'catch basin', 'drop inlet',
      'inlet', 'manhole', 'junction box', 'headwall', 'endwall', 'invert', 'trench', 'pipe bedding', 'bedding',
      'underdrain', 'ditch', 'sc m 714',
    ],
  },
  {
    name: 'Guardrail & Barriers',
    icon: 'Fence',
    cheatSheetId: 'guardrail',
    keywords: [
      'guardrail', 'guard rail', 'w beam', 'thrie beam', 'end terminal', 'crash cushion', 'impact attenuator',
      'attenuator', 'barrier', 'jersey barrier', 'median barrier', 'cable barrier', 'blockout', 'block out',
      'rail height', 'post spacing', 'mash', 'tl 3',
    ],
    weakKeywords: ['terminal', 'rail', 'post'],
  },
  {
    name: 'Pavement Markings',
    icon: 'Paintbrush',
    cheatSheetId: 'pavement-markings',
    keywords: [
      'pavement marking', 'marking', 'striping', 'stripe', 'thermo', 'thermoplastic', 'paint', 'waterborne',
      'glass bead', 'bead', 'retroreflectivity', 'raised pavement marker', 'rpm', 'skip line', 'edge line',
      'center line', 'centerline', 'stop bar', 'crosswalk', 'preformed tape',
    ],
  },
  {
    name: 'Signs & Signals',
    icon: 'Signpost',
    cheatSheetId: 'signs-signals',
    keywords: [
      'sign', 'signage', 'signal', 'traffic signal', 'signal head', 'mast arm', 'loop detector', 'sheeting',
      'sign post', 'breakaway', 'arrow board', 'arrow panel', 'message board', 'message sign', 'pcms', 'cms',
      'overhead sign',
    ],
  },
  {
    name: 'Work Zone Traffic Control',
    icon: 'TrafficCone',
    cheatSheetId: 'traffic-control',
    keywords: [
      'work zone', 'workzone', 'traffic control', 'mot', 'maintenance of traffic', 'lane closure', 'lane shift',
      'taper', 'flagger', 'flagging', 'cone', 'drum', 'channelizing', 'channelizer', 'barricade', 'detour', 'ttc',
      'temporary traffic control', 'pilot car', 'mutcd', 'shadow vehicle', 'tma', 'truck mounted attenuator',
    ],
    weakKeywords: ['buffer', 'flag', 'traffic'],
  },
  {
    name: 'Bridge Decks',
    icon: 'Landmark',
    cheatSheetId: 'bridge-deck',
    keywords: [
      'bridge deck', 'bridge', 'deck', 'overpass', 'superstructure', 'deck pour', 'screed', 'overhang',
      'stay in place', 'sip form', 'approach slab', 'parapet', 'expansion joint', 'bearing', 'girder',
    ],
  },
  {
    name: 'Erosion Control & Seeding',
    icon: 'Leaf',
    cheatSheetId: 'erosion-control',
    keywords: [
      'erosion', 'erosion control', 'sediment', 'silt fence', 'seeding', 'seed', 'mulch', 'stabilization',
      'stormwater', 'npdes', 'swppp', 'riprap', 'rip rap', 'sod', 'grassing', 'check dam', 'inlet protection',
      'erosion control blanket', 'hydroseed', 'hydroseeding', 'fertilizer', 'environmental', 'sc m 810',
    ],
  },
  {
    name: 'Reinforcing Steel',
    icon: 'Grid3x3',
    cheatSheetId: 'reinforcing-steel',
    keywords: [
      'rebar', 'reinforcing steel', 'reinforcing', 'reinforcement', 'epoxy coated', 'bar size', 'bar spacing',
      'welded wire', 'wwf', 'wire mesh', 'dowel', 'tie bar', 'lap splice', 'splice', 'bar support', 'chair',
      'concrete cover', 'clear cover',
    ],
  },
  {
    name: 'Testing & Sampling',
    icon: 'FlaskConical',
    cheatSheetId: null,
    keywords: [
      'test', 'testing', 'sample', 'sampling', 'cylinder', 'core', 'coring', 'nuclear gauge', 'nuke gauge',
      'density test', 'proctor', 'slump', 'air content', 'compressive strength', 'break', 'qc', 'qa',
      'quality control', 'quality assurance', 'acceptance', 'lab', 'laboratory', 'astm', 'aashto', 'sc t',
      'gradation', 'sieve', 'moisture content',
    ],
    weakKeywords: ['density'],
  },
  {
    name: 'Safety (OSHA)',
    icon: 'HardHat',
    cheatSheetId: null,
    keywords: [
      'safety', 'osha', 'ppe', 'hard hat', 'hardhat', 'safety vest', 'high visibility', 'hi vis', 'fall protection',
      'trench box', 'shoring', 'confined space', 'silica', 'respirator', 'lockout', 'struck by', '1926', 'hazard',
      'injury', 'first aid', 'heat stress', 'heat illness',
    ],
  },
]

export function isTopicName(value: unknown): value is TopicName {
  return typeof value === 'string' && (TOPIC_NAMES as readonly string[]).includes(value)
}

export function topicByName(name: TopicName): Topic {
  return TOPICS.find((topic) => topic.name === name)!
}

/** Lower-case words of a text, with a simple plural 's' removed (see the module comment). */
export function topicWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word))
}

const compiled = TOPICS.map((topic) => ({
  name: topic.name,
  strong: topic.keywords.map((keyword) => ` ${topicWords(keyword).join(' ')} `),
  weak: (topic.weakKeywords ?? []).map((keyword) => ` ${topicWords(keyword).join(' ')} `),
}))

/** The topics a question is about, in TOPICS order; empty when none matches. */
export function topicsOfQuery(query: string): TopicName[] {
  const spaced = ` ${topicWords(query).join(' ')} `
  if (spaced.trim() === '') return []
  const strong = compiled.filter((topic) => topic.strong.some((keyword) => spaced.includes(keyword)))
  if (strong.length > 0) return strong.map((topic) => topic.name)
  return compiled.filter((topic) => topic.weak.some((keyword) => spaced.includes(keyword))).map((topic) => topic.name)
}
