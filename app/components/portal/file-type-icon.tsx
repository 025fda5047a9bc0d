import type { FileIcon } from '../../../lib/file-types'
import { fileTypeOf } from '../../../lib/file-types'

/** One small drawing per icon of the file-type registry (24 × 24 grid, currentColor). */
const drawings = {
  image: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="m21 17-5-5-9 8" />
    </>
  ),
  video: (
    <>
      <rect x="3" y="5" width="13" height="14" rx="2" />
      <path d="m16 10 5-3v10l-5-3" />
    </>
  ),
  pdf: <path d="M6 3h9l4 4v14H6zM9 13h6M9 17h4" />,
  document: <path d="M6 3h9l4 4v14H6zM9 9h4M9 13h6M9 17h6" />,
  spreadsheet: <path d="M4 4h16v16H4zM4 10h16M4 15h16M10 4v16" />,
  presentation: <path d="M3 4h18v12H3zM12 16v4M8 20h8" />,
  model: <path d="m12 3 8 4.5v9L12 21l-8-4.5v-9zM12 12l8-4.5M12 12v9M12 12 4 7.5" />,
  cad: <path d="m12 3 8 4.5v9L12 21l-8-4.5v-9zM12 12l8-4.5M12 12v9M12 12 4 7.5M8 14l3 1.7" />,
  drawing: <path d="M4 20h16M4 20V4M8 16l4-8 4 8M9.5 13h5" />,
  archive: <path d="M4 4h16v5H4zM5 9v11h14V9M10 13h4" />,
  text: <path d="M6 3h9l4 4v14H6zM9 9h6M9 13h6M9 17h3" />,
  code: <path d="m8 8-4 4 4 4M16 8l4 4-4 4M13 6l-2 12" />,
} satisfies Record<FileIcon, React.ReactNode>

/** A file's icon from its type in the registry (a plain page for a file of no registered type); decorative. */
export function FileTypeIcon({ name, size = 20 }: { name: string; size?: number }) {
  const icon = fileTypeOf(name)?.icon
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className="shrink-0 text-(--color-light)" data-icon={icon ?? 'file'}>
      {icon ? drawings[icon] : <path d="M6 3h9l4 4v14H6z" />}
    </svg>
  )
}
