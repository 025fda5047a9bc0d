/**
 * Where an upload goes (server/storage/README.md): the server's resumable endpoint reads the
 * destination from the upload's metadata, sanitises the file name, and checks the permission for
 * that folder before accepting a byte. The stored path is {kind}/{ownerId or jobRequestId}/{name}.
 */
export type UploadArea = 'profile-pictures' | 'user-box' | 'job-files' | 'job-deliverables' | 'job-messages'

export const uploadEndpoint = '/uploads'

/**
 * `folder` is the owner's user id (profile-pictures, user-box) or the job request id (the job areas).
 * A deliverable names the `document` it is a new revision of; without it, the file's name is its document.
 */
export function uploadMetadata(area: UploadArea, folder: string, options: { document?: string } = {}): Record<string, string> {
  if (area === 'profile-pictures' || area === 'user-box') return { kind: area, ownerId: folder }
  return area === 'job-deliverables' && options.document ? { kind: area, jobRequestId: folder, document: options.document } : { kind: area, jobRequestId: folder }
}

/** The storage path a file lands at, when the server did not say (it names it the same way). */
export function storagePathFor(area: UploadArea, folder: string, fileName: string): string {
  return `${area}/${folder}/${fileName}`
}
