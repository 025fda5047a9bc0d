/** A PostgreSQL identifier in double quotes, so any table or column name is taken literally. */
export function quoteIdentifier(name: string) {
  return `"${name.replace(/"/g, '""')}"`
}
