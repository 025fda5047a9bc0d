/**
 * The name of the field an error belongs to, written the way the forms name their controls:
 * `lines[1].hours` for the hours of a quote's second line, `validUntil` for a plain field, `''` for
 * the form as a whole. The server keys its field errors by these names, so an error on a list item
 * lands beside that item's control, not on the list.
 */
export function fieldPath(path: ReadonlyArray<PropertyKey | { key: PropertyKey }>): string {
  let name = ''
  for (const part of path) {
    const key = typeof part === 'object' && part !== null ? part.key : part
    if (typeof key === 'number') name += `[${key}]`
    else name += name ? `.${String(key)}` : String(key)
  }
  return name
}

/** The errors keyed by field name, from a schema's issues (their path and message). */
export function fieldErrorsOf(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey | { key: PropertyKey }>; message: string }>): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const issue of issues) (errors[fieldPath(issue.path)] ??= []).push(issue.message)
  return errors
}
