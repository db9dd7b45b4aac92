import {
  BookOpen,
  BrickWall,
  Construction,
  Droplets,
  Fence,
  Grid3x3,
  Landmark,
  Layers,
  Leaf,
  Mountain,
  Paintbrush,
  Signpost,
  TrafficCone,
  type LucideIcon,
} from 'lucide-react'

const ICONS: Record<string, LucideIcon> = {
  'bridge-deck': Landmark,
  asphalt: Layers,
  concrete: BrickWall,
  guardrail: Fence,
  drainage: Droplets,
  'signs-signals': Signpost,
  'traffic-control': TrafficCone,
  'pavement-markings': Paintbrush,
  earthwork: Mountain,
  bases: Construction,
  'reinforcing-steel': Grid3x3,
  'erosion-control': Leaf,
}

export function SheetIcon({ id, className }: { id: string; className?: string }) {
  const Icon = ICONS[id] ?? BookOpen
  return <Icon aria-hidden className={className} />
}
