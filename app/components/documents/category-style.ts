import { BookOpen, FileText, FlaskConical, HardHat, Ruler, type LucideIcon } from 'lucide-react'
import type { DocumentCategory } from '~/lib/corpus/schema'

/**
 * Category icon and colour from the catalogue (product-spec §3 'Reference document'). The class
 * names are written out in full so Tailwind generates them; a chip pairs a light tint with dark text
 * (and the reverse in the dark theme) so every hue passes contrast.
 */
const ICONS: Record<string, LucideIcon> = { BookOpen, FileText, FlaskConical, HardHat, Ruler }

export function categoryIcon(name: string): LucideIcon {
  return ICONS[name] ?? FileText
}

export const CATEGORY_HUES: Record<DocumentCategory['color'], { chip: string; edge: string }> = {
  slate: { chip: 'bg-slate-100 text-slate-800 dark:bg-slate-950 dark:text-slate-200', edge: 'border-t-slate-600 dark:border-t-slate-400' },
  gray: { chip: 'bg-gray-100 text-gray-800 dark:bg-gray-950 dark:text-gray-200', edge: 'border-t-gray-600 dark:border-t-gray-400' },
  zinc: { chip: 'bg-zinc-100 text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200', edge: 'border-t-zinc-600 dark:border-t-zinc-400' },
  neutral: { chip: 'bg-neutral-100 text-neutral-800 dark:bg-neutral-950 dark:text-neutral-200', edge: 'border-t-neutral-600 dark:border-t-neutral-400' },
  stone: { chip: 'bg-stone-100 text-stone-800 dark:bg-stone-950 dark:text-stone-200', edge: 'border-t-stone-600 dark:border-t-stone-400' },
  red: { chip: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200', edge: 'border-t-red-600 dark:border-t-red-400' },
  orange: { chip: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-200', edge: 'border-t-orange-600 dark:border-t-orange-400' },
  amber: { chip: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200', edge: 'border-t-amber-600 dark:border-t-amber-400' },
  yellow: { chip: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-950 dark:text-yellow-200', edge: 'border-t-yellow-600 dark:border-t-yellow-400' },
  lime: { chip: 'bg-lime-100 text-lime-800 dark:bg-lime-950 dark:text-lime-200', edge: 'border-t-lime-600 dark:border-t-lime-400' },
  green: { chip: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200', edge: 'border-t-green-600 dark:border-t-green-400' },
  emerald: { chip: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200', edge: 'border-t-emerald-600 dark:border-t-emerald-400' },
  teal: { chip: 'bg-teal-100 text-teal-800 dark:bg-teal-950 dark:text-teal-200', edge: 'border-t-teal-600 dark:border-t-teal-400' },
  cyan: { chip: 'bg-cyan-100 text-cyan-800 dark:bg-cyan-950 dark:text-cyan-200', edge: 'border-t-cyan-600 dark:border-t-cyan-400' },
  sky: { chip: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200', edge: 'border-t-sky-600 dark:border-t-sky-400' },
  blue: { chip: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200', edge: 'border-t-blue-600 dark:border-t-blue-400' },
  indigo: { chip: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200', edge: 'border-t-indigo-600 dark:border-t-indigo-400' },
  violet: { chip: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200', edge: 'border-t-violet-600 dark:border-t-violet-400' },
  purple: { chip: 'bg-purple-100 text-purple-800 dark:bg-purple-950 dark:text-purple-200', edge: 'border-t-purple-600 dark:border-t-purple-400' },
  fuchsia: { chip: 'bg-fuchsia-100 text-fuchsia-800 dark:bg-fuchsia-950 dark:text-fuchsia-200', edge: 'border-t-fuchsia-600 dark:border-t-fuchsia-400' },
  pink: { chip: 'bg-pink-100 text-pink-800 dark:bg-pink-950 dark:text-pink-200', edge: 'border-t-pink-600 dark:border-t-pink-400' },
  rose: { chip: 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200', edge: 'border-t-rose-600 dark:border-t-rose-400' },
}
