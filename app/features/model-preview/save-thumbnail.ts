/** Whether a file already has its picture, and what to do once one is saved (show it in the list). */
export interface ThumbnailTarget {
  exists: boolean
  onSaved: () => void
}

/**
 * Saves the viewer's picture of a model beside its file (/thumbnails/{path}, the file's own path and
 * permission). A failure only means no thumbnail: the preview itself worked.
 */
export async function saveThumbnail(fileUrl: string, png: Blob, onSaved: () => void): Promise<void> {
  try {
    const target = fileUrl.replace(/^\/files\//, '/thumbnails/')
    const response = await fetch(target, { method: 'PUT', body: png, headers: { 'content-type': 'image/png' }, credentials: 'same-origin' })
    if (response.ok) onSaved()
  } catch {
    // No thumbnail this time; the next preview tries again.
  }
}
