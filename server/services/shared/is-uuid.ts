const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids of our tables are UUIDs; anything else cannot exist (and must not reach a uuid column as a SQL error). */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value)
}
