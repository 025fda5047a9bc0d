/**
 * What other features show of the model preview: a file's picture, the button that opens its viewer,
 * and the viewer's dialog for a page that opens it itself; with a revision's comments, the viewer
 * pins, lists and reopens them; and the button that compares two revisions of a deliverable.
 */
export { FilePicture } from './file-picture'
export { LazyPreviewDialog as PreviewDialog, PreviewButton, type PreviewComments } from './preview-button'
export type { PreviewDialogProps } from './preview-dialog'
export type { NewPinnedComment, ReviewComments } from './comments/review-props'
export { CompareButton } from './compare/compare-button'
export type { RevisionFile } from './compare/revision-file'
export { KeyNumbers } from './results/key-numbers'
