/**
 * Where an upload goes. The server's resumable endpoint reads the destination folder from the
 * upload's metadata, builds the final path from the (sanitised) file name and checks the
 * permission for that folder before accepting a byte.
 */
export type UploadArea = 'profile-pictures' | 'user-box' | 'job-files'

export const uploadEndpoint = '/uploads/'

export function uploadMetadata(area: UploadArea, folder: string): Record<string, string> {
  return { area, folder }
}

/** The storage path a file lands at (the server names it the same way for an ordinary name). */
export function storagePathFor(area: UploadArea, folder: string, fileName: string): string {
  return `${area}/${folder}/${fileName}`
}

/** The download URL of a stored file; the server checks access on every request. */
export function fileUrl(path: string): string {
  return '/files/' + path.split('/').map(encodeURIComponent).join('/')
}
