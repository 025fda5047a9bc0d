/** What other features use of the job page: its file list, the hook its forms post with, and their result. */
export { JobFileList } from './job-file-list'
export type { JobActionResult } from './job-types'
export { useJobAction } from './use-job-action'
