/** Who is acting: the first thing a protected loader, action or resolver works out (STYLE.md habit 4). */
export interface Actor {
  userId: string
  email: string
  groups: string[]
  isAdmin: boolean
}

/** SPEC.md section 6: an admin is a user one of whose group names contains "Admin". */
export function isAdminGroups(groups: readonly string[] | null | undefined): boolean {
  return (groups ?? []).some((g) => g.includes('Admin'))
}
