import {
  Award,
  BookMarked,
  BookOpen,
  BrickWall,
  Calculator,
  Compass,
  Construction,
  Droplets,
  Fence,
  FileText,
  FlaskConical,
  FolderOpen,
  GraduationCap,
  Grid3x3,
  HardHat,
  Landmark,
  Layers,
  Leaf,
  Mountain,
  NotebookTabs,
  Paintbrush,
  Ruler,
  Search,
  ShieldCheck,
  Signpost,
  Sparkles,
  Star,
  Target,
  TrafficCone,
  Trophy,
  type LucideIcon,
} from 'lucide-react'

/**
 * The icons the dashboard data names (tiles, topics, milestones). Only these are bundled: importing
 * lucide's whole set to look names up would ship every icon.
 */
export const DASHBOARD_ICONS: Record<string, LucideIcon> = {
  Award,
  BookMarked,
  BookOpen,
  BrickWall,
  Calculator,
  Compass,
  Construction,
  Droplets,
  Fence,
  FileText,
  FlaskConical,
  FolderOpen,
  GraduationCap,
  Grid3x3,
  HardHat,
  Landmark,
  Layers,
  Leaf,
  Mountain,
  NotebookTabs,
  Paintbrush,
  Ruler,
  Search,
  ShieldCheck,
  Signpost,
  Sparkles,
  Target,
  TrafficCone,
  Trophy,
}

export function DashboardIcon({ name, className }: { name: string; className?: string }) {
  const Icon = DASHBOARD_ICONS[name] ?? Star
  return <Icon aria-hidden className={className} />
}
