/**
 * Screen class by viewport width (product-spec §4, breakpoints 640/768/1024/1280 px).
 * Under 640 small (mobile); 640-767 medium (tablet); 768-1023 large (tablet);
 * 1024-1279 extra large (desktop); 1280 and up 2xl (desktop).
 */
export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280 } as const

export type ScreenSize = 'small' | 'medium' | 'large' | 'xlarge' | '2xl'
export type DeviceClass = 'mobile' | 'tablet' | 'desktop'

export function screenSize(width: number): ScreenSize {
  if (!Number.isFinite(width) || width < BREAKPOINTS.sm) return 'small'
  if (width < BREAKPOINTS.md) return 'medium'
  if (width < BREAKPOINTS.lg) return 'large'
  if (width < BREAKPOINTS.xl) return 'xlarge'
  return '2xl'
}

export function deviceClass(width: number): DeviceClass {
  const size = screenSize(width)
  if (size === 'small') return 'mobile'
  if (size === 'medium' || size === 'large') return 'tablet'
  return 'desktop'
}

export const DEVICE_CLASSES: readonly DeviceClass[] = ['mobile', 'tablet', 'desktop']
