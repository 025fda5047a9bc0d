import type { Actor } from '../../../server/auth/actor'
import { requireActor } from '../../../server/auth/require-actor'
import { getAppContext } from '../../../server/context/app-context'
import { toHttpAnswer } from '../../../server/errors/to-http-answer'
import { exportActivityLog } from '../../../server/services/activity/export-activity-log'

/** The CSV export of the activity log: the admin's filter from the query string, the file as a download. */
export async function activityCsvResponse(request: Request): Promise<Response> {
  let actor: Actor | null = null
  try {
    actor = await requireActor(request)
    const query = new URL(request.url).searchParams
    const filter = Object.fromEntries(['account', 'action', 'from', 'to'].map((key) => [key, query.get(key) ?? undefined]))
    const csv = await exportActivityLog({ actor, filter })
    const day = new Date().toISOString().slice(0, 10)
    return new Response(csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="activity-log-${day}.csv"`,
        'Cache-Control': 'no-store',
      },
    })
  } catch (error) {
    const answer = toHttpAnswer(error, { signedIn: actor !== null, log: (err) => getAppContext().log.error({ err }, 'activity export failed') })
    return Response.json({ error: answer.message, fieldErrors: answer.fieldErrors }, { status: answer.status, headers: { 'Cache-Control': 'no-store' } })
  }
}
