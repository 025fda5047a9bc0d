/**
 * Display maths. `html` is KaTeX output rendered on the server (see render-equations.server.ts), so
 * the browser needs no maths script; without it the plain-text form is shown.
 */
export function StudyEquation({ html, text }: { html?: string; text: string }) {
  if (!html) return <p className="my-4 overflow-x-auto text-center font-mono text-sm">{text}</p>
  return <div className="my-4 overflow-x-auto overflow-y-hidden py-1" dangerouslySetInnerHTML={{ __html: html }} />
}
