/**
 * The browser's view of the session. Public pages are prerendered signed-out (docs/decisions/002);
 * the session is read after hydration. The accounts feature fills this in; the signature stays.
 */
export interface SessionUser {
  id: string
  email: string
  isAdmin: boolean
}

export interface SessionState {
  status: 'loading' | 'signed-in' | 'signed-out'
  user: SessionUser | null
}

export function useSession(): SessionState {
  return { status: 'signed-out', user: null }
}

/** Signs out and refreshes the page state. */
export async function signOut(): Promise<void> {}
