/** What other features show of the model preview: a file's picture and the button that opens its viewer. */
export { FilePicture } from './file-picture'
export { PreviewButton, type PreviewComments } from './preview-button'
export type { NewPinnedComment, ReviewComments } from './comments/review-props'
export { KeyNumbers } from './results/key-numbers'
