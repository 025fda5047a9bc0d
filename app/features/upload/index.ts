/** What other features use of uploads: the endpoint and metadata of a target, the hook and the list. */
export { storagePathFor, uploadEndpoint, uploadMetadata, type UploadArea } from './upload-target'
export { UploadFailedError } from './upload-file'
export { UploadFiles, WAITING_FOR_CONNECTION } from './upload-files'
export { useUpload } from './use-upload'
