/** What other features show of the model preview: a file's picture and the button that opens its viewer. */
export { FilePicture } from './file-picture'
export { PreviewButton } from './preview-button'
export { KeyNumbers } from './results/key-numbers'
