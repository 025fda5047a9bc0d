import { formatSize } from '../../../lib/format'
import type { ReactNode } from 'react'
import type { JobFileView } from '../../../lib/job-view'
import { linkButtonClass } from '../../components/portal/styles'
import { FilePicture, KeyNumbers, PreviewButton } from '../model-preview'

/**
 * A folder's files: each with its picture once the viewer has rendered it, a download link, a
 * preview, and a simulation result's key numbers. The first preview of a file whose picture the viewer may set (its uploader, or the
 * consultancy) keeps its picture beside the file, then `onPictureSaved` shows it.
 */
export function JobFileList({
  files,
  empty,
  testId,
  maxPreviewBytes,
  onPictureSaved,
  actions,
}: {
  files: JobFileView[]
  /** What an empty list says; nothing when left out. */
  empty?: string
  testId: string
  maxPreviewBytes: number
  onPictureSaved?: () => void
  actions?: (file: JobFileView) => ReactNode
}) {
  if (files.length === 0) return empty ? <p className="text-(--color-light)">{empty}</p> : null
  return (
    <ul className="space-y-1" data-testid={testId}>
      {files.map((f) => (
        <li key={f.path} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <FilePicture url={f.thumbnailUrl} name={f.name} />
          <a href={`${f.url}?download=1`} download={f.name} className={`${linkButtonClass} min-w-0 [overflow-wrap:anywhere]`}>
            {f.name}
          </a>
          <span className="text-sm text-(--color-light)">{formatSize(f.size)}</span>
          <PreviewButton url={f.url} name={f.name} size={f.size} maxPreviewBytes={maxPreviewBytes} thumbnail={onPictureSaved && f.canSetThumbnail ? { exists: f.thumbnailUrl !== null, onSaved: onPictureSaved } : undefined} />
          {actions?.(f)}
          {f.keyNumbers ? <KeyNumbers name={f.name} summary={f.keyNumbers} /> : null}
        </li>
      ))}
    </ul>
  )
}

