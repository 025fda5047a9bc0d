/** What the job page shows of the review: the deliverables as documents with revisions, releases and decisions. */
export { DeliverablesPanel } from './deliverables-panel'
export { revisionStatusLabels } from './revision-status'
