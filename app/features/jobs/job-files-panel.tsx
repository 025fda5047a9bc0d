import { useRevalidator } from 'react-router'
import type { JobFileView } from '../../../lib/job-view'
import { cardClass, cardTitleClass } from '../../components/portal/styles'
import { JobFileList } from './job-file-list'

/**
 * The client's documents of the job (sent with the request). The consultancy's deliverables are
 * documents with revisions, shown apart (app/features/reviews).
 */
export function JobFilesPanel({ files, maxPreviewBytes }: { files: JobFileView[]; maxPreviewBytes: number }) {
  const revalidator = useRevalidator()
  const revalidate = () => void revalidator.revalidate()
  return (
    <section aria-labelledby="files-title" className={`${cardClass} space-y-4`}>
      <h2 id="files-title" className={cardTitleClass}>
        Files
      </h2>
      <div>
        <h3 className="mb-1 font-medium">Client documents</h3>
        <JobFileList files={files} empty="No documents were sent with this job." testId="job-client-files" maxPreviewBytes={maxPreviewBytes} onPictureSaved={revalidate} />
      </div>
    </section>
  )
}
