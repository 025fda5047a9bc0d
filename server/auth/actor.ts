/** Who is acting: the first thing a protected loader, action or resolver works out (it turns the request into this before anything else). */
export interface Actor {
  userId: string
  email: string
  groups: string[]
  isAdmin: boolean
}

/** An admin is a user one of whose group names contains "Admin". */
export function isAdminGroups(groups: readonly string[] | null | undefined): boolean {
  return (groups ?? []).some((g) => g.includes('Admin'))
}
