/** A file's small picture in a list, once the viewer has rendered the model or drawing (else nothing). */
export function FilePicture({ url, name }: { url: string | null; name: string }) {
  if (!url) return null
  return <img src={url} alt={`Preview of ${name}`} width={40} height={40} className="size-10 shrink-0 rounded border border-(--color-border) object-cover" loading="lazy" />
}
