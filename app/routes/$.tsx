import type { MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = () => [{ title: '404 Page Not Found' }]

// Any path no other route claims: answer 404 and let the root error boundary show the screen.
export function loader() {
  throw new Response('Not Found', { status: 404 })
}

export default function NotFound() {
  return null
}
