/** Greetings by hour of the day, 0 to 23 (product-spec §4 'Greeting by hour'). */

/** Home: before 6 and from 21 'Working late'; 6-11 morning; 12-16 afternoon; 17-20 evening. */
export function homeGreeting(hour: number): string {
  if (hour < 6) return 'Working late'
  if (hour < 12) return 'Good morning'
  if (hour < 17) return 'Good afternoon'
  if (hour < 21) return 'Good evening'
  return 'Working late'
}

/** Dashboard welcome card: before 12 morning, before 17 afternoon, else evening. */
export function dashboardGreeting(hour: number): string {
  if (hour < 12) return 'Good morning'
  if (hour < 17) return 'Good afternoon'
  return 'Good evening'
}
