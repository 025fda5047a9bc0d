import { and, asc, eq } from 'drizzle-orm'
import { strToU8, zipSync } from 'fflate'
import { modelUnitsOf } from '../../../lib/file-types'
import { jobAbilities } from '../../../lib/job-abilities'
import type { PinnedView } from '../../../lib/review-comments'
import { getAppContext } from '../../context/app-context'
import { deliverableRevisions, jobRequests, profiles, revisionComments, storedFiles, users } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { displayNameOf } from '../files/file-types'
import { displayNameFrom } from '../profiles/get-display-name'
import { requireJobViewer, requireSignedIn, type MaybeActor } from '../shared/authorize'
import { isUuid } from '../shared/is-uuid'
import { viewerOf } from '../shared/job-viewer'
import { site } from '../../../lib/site'

/** Text made safe inside an XML element or attribute. */
function xml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
}
const point = (tag: string, [x, y, z]: [number, number, number]) => `<${tag}><X>${x}</X><Y>${y}</Y><Z>${z}</Z></${tag}>`
/** A place in the model's units as metres, which BCF's coordinates are in. */
const inMetres = ([x, y, z]: [number, number, number], perMetre: number): [number, number, number] => [x / perMetre, y / perMetre, z / perMetre]

/**
 * A pinned view as a BCF viewpoint: the camera (where it is, which way it looks, which way is up) and
 * each section plane (a point on it and its normal towards the side cut away). Places are in metres, as
 * BCF wants them: the model's own coordinates divided by its units a metre (1,000 for a model in
 * millimetres, the unit the viewer reads or assumes for the file); directions stay as they are. A
 * drawing's pin has no 3D view and leaves the viewpoint without a camera.
 * A pin on a document's page is no view of a model: its topic is exported without a viewpoint.
 */
function viewpointXml(guid: string, view: PinnedView | null, perMetre: number): string {
  let body = ''
  if (view?.kind === 'model') {
    const [px, py, pz] = view.camera.position
    const [tx, ty, tz] = view.camera.target
    const length = Math.hypot(tx - px, ty - py, tz - pz) || 1
    body += `<PerspectiveCamera>${point('CameraViewPoint', inMetres(view.camera.position, perMetre))}${point('CameraDirection', [(tx - px) / length, (ty - py) / length, (tz - pz) / length])}${point('CameraUpVector', view.camera.up)}<FieldOfView>45</FieldOfView></PerspectiveCamera>`
    if (view.sections.length) {
      body += `<ClippingPlanes>${view.sections
        .map(({ normal, offset, flipped }) => {
          const away: [number, number, number] = flipped ? [-normal[0], -normal[1], -normal[2]] : normal
          return `<ClippingPlane>${point('Location', inMetres([normal[0] * offset, normal[1] * offset, normal[2] * offset], perMetre))}${point('Direction', away)}</ClippingPlane>`
        })
        .join('')}</ClippingPlanes>`
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<VisualizationInfo Guid="${guid}">${body}</VisualizationInfo>\n`
}

/** Where a comment is pinned, in words for the topic's description. */
function pinText(view: PinnedView): string {
  if (view.kind === 'page') return `Pinned on page ${view.page} at ${Math.round(view.point[0] * 100)}% across, ${Math.round(view.point[1] * 100)}% down`
  return `Pinned at ${view.point.join(', ')}`
}

/**
 * A revision's comments as a BCF 2.1 file (a zip that issue-tracking tools of the building and
 * engineering trades read): one topic per comment, with its replies as the topic's comments and its
 * pinned view as the topic's viewpoint; a resolved comment is a closed topic. For whoever sees the
 * revision: the consultancy, and the members of the job's company once it was issued to them.
 */
export async function exportRevisionBcf({ actor, jobId, revisionId }: { actor: MaybeActor; jobId: string; revisionId: string }): Promise<{ bytes: Uint8Array; fileName: string }> {
  const a = requireSignedIn(actor)
  const missing = new AppError('NOT_FOUND', 'Revision not found')
  if (!isUuid(jobId) || !isUuid(revisionId)) throw missing
  const { db } = getAppContext()
  const [job] = await db.select().from(jobRequests).where(eq(jobRequests.id, jobId)).limit(1)
  if (!job) throw missing
  requireJobViewer(a, job)
  if (!jobAbilities(job, viewerOf(a, job)).readDeliverables) throw new AppError('UNAUTHORIZED')
  const [revision] = await db
    .select({ id: deliverableRevisions.id, document: deliverableRevisions.document, code: deliverableRevisions.code, releaseId: deliverableRevisions.releaseId, file: storedFiles })
    .from(deliverableRevisions)
    .innerJoin(storedFiles, eq(storedFiles.path, deliverableRevisions.path))
    .where(and(eq(deliverableRevisions.id, revisionId), eq(deliverableRevisions.jobId, job.id)))
    .limit(1)
  if (!revision || (!a.isAdmin && revision.releaseId === null)) throw missing
  const comments = await db
    .select({ comment: revisionComments, email: users.email, nickname: profiles.nickname, givenName: profiles.givenName, familyName: profiles.familyName })
    .from(revisionComments)
    .leftJoin(users, eq(users.id, revisionComments.authorId))
    .leftJoin(profiles, eq(profiles.userId, revisionComments.authorId))
    .where(eq(revisionComments.revisionId, revision.id))
    .orderBy(asc(revisionComments.createdAt))
  const authorOf = (row: (typeof comments)[number]) => (row.comment.authorSide === 'consultancy' ? site.companyName : row.email ? `${displayNameFrom(row)} <${row.email}>` : 'A former member')
  const fileName = displayNameOf(revision.file)
  const perMetre = modelUnitsOf(fileName).unit === 'mm' ? 1000 : 1
  const files: Record<string, Uint8Array> = {
    'bcf.version': strToU8('<?xml version="1.0" encoding="UTF-8"?>\n<Version VersionId="2.1"><DetailedVersion>2.1</DetailedVersion></Version>\n'),
  }
  const topics = comments.filter((c) => c.comment.parentId === null)
  const repliesOf = (id: string) => comments.filter((c) => c.comment.parentId === id)
  for (const topic of topics) {
    const c = topic.comment
    // A page of a document has no 3D view: its topic goes without a viewpoint.
    const viewpoint = c.view?.kind === 'page' ? null : crypto.randomUUID()
    const thread = [topic, ...repliesOf(c.id)]
    const pin = c.view ? `\n${pinText(c.view)}` : ''
    const markup = `<?xml version="1.0" encoding="UTF-8"?>
<Markup>
<Header><File IsExternal="true"><Filename>${xml(fileName)}</Filename><Date>${revision.file.lastModified.toISOString()}</Date></File></Header>
<Topic Guid="${c.id}" TopicType="Comment" TopicStatus="${c.resolvedAt ? 'Closed' : 'Open'}">
<Title>${xml(`${revision.document} ${revision.code ?? ''}: ${c.body.slice(0, 80)}`.trim())}</Title>
<CreationDate>${c.createdAt.toISOString()}</CreationDate>
<CreationAuthor>${xml(authorOf(topic))}</CreationAuthor>
<Description>${xml(c.body + pin)}</Description>
</Topic>
${thread.map((entry, i) => `<Comment Guid="${entry.comment.id}"><Date>${entry.comment.createdAt.toISOString()}</Date><Author>${xml(authorOf(entry))}</Author><Comment>${xml(entry.comment.body)}</Comment>${i === 0 && viewpoint ? `<Viewpoint Guid="${viewpoint}"/>` : ''}</Comment>`).join('\n')}
${viewpoint ? `<Viewpoints Guid="${viewpoint}"><Viewpoint>viewpoint.bcfv</Viewpoint></Viewpoints>\n` : ''}</Markup>
`
    files[`${c.id}/markup.bcf`] = strToU8(markup)
    if (viewpoint) files[`${c.id}/viewpoint.bcfv`] = strToU8(viewpointXml(viewpoint, c.view, perMetre))
  }
  const stem = `${revision.document.replace(/\.[^.]+$/, '')}-${revision.code ?? 'work-in-progress'}`
  return { bytes: zipSync(files), fileName: `${stem}-comments.bcf` }
}
