/** What other features show of the model preview: a file's picture, the button that opens its viewer, and the one that compares two revisions. */
export { FilePicture } from './file-picture'
export { PreviewButton } from './preview-button'
export { CompareButton } from './compare/compare-button'
export type { RevisionFile } from './compare/revision-file'
export { KeyNumbers } from './results/key-numbers'
