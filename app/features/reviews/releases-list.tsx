import type { ReleaseView } from '../../../lib/review-view'
import { DateTimeText } from '../../components/portal/date-time-text'
import { linkButtonClass } from '../../components/portal/styles'

/** The job's releases, newest first, each with its transmittal; the certificate of the client's decisions once there is one. */
export function ReleasesList({ releases, certificateUrl }: { releases: ReleaseView[]; certificateUrl: string | null }) {
  if (releases.length === 0 && !certificateUrl) return null
  return (
    <section aria-labelledby="releases-title" className="min-w-0 space-y-2 border-t border-(--color-border) pt-3">
      <h3 id="releases-title" className="font-medium">
        Releases
      </h3>
      {releases.length > 0 ? (
        <ol className="space-y-2" data-testid="job-releases">
          {releases.map((release) => (
            <li key={release.number} className="min-w-0 text-sm" data-testid="job-release">
              <p>
                <span className="font-medium">Release {release.number}</span> · <DateTimeText value={release.at} /> · by {release.by}
              </p>
              {release.revisions.length > 0 ? <p className="text-(--color-light)">{release.revisions.map((r) => `${r.document} ${r.code}`).join(', ')}</p> : null}
              <p className="text-(--color-light)">To {release.recipients.length > 0 ? release.recipients.join(', ') : 'no one by mail'}</p>
              <a href={release.transmittalUrl} download className={linkButtonClass}>
                Transmittal (PDF)
              </a>
            </li>
          ))}
        </ol>
      ) : null}
      {certificateUrl ? (
        <p>
          <a href={certificateUrl} download className={linkButtonClass}>
            Certificate of review (PDF)
          </a>
        </p>
      ) : null}
    </section>
  )
}
