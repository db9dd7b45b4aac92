import { getDatabase } from '@db/client'
import { ensureVapidKeys } from '~/lib/push/vapid.server'

/** GET: the public application server key browsers subscribe with (base64url). Public by nature. */
export async function loader() {
  const vapid = await ensureVapidKeys(await getDatabase())
  return Response.json({ publicKey: vapid.publicKey }, { headers: { 'Cache-Control': 'no-cache' } })
}
