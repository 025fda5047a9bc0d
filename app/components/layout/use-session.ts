import { useSyncExternalStore } from 'react'
import { LOGIN_EMAIL_STORAGE_KEY, LOGIN_EMAIL_STORED_HEADER } from '../../../lib/auth-constants'

/**
 * The browser's view of the session. Public pages are prerendered signed-out (docs/decisions/002);
 * the session is read after hydration from GET /api/session (one request shared by every caller).
 */
export interface SessionUser {
  id: string
  email: string
  isAdmin: boolean
  /** Set while an admin views the portal as this client (read-only). */
  viewingAs?: { adminEmail: string } | null
}

export interface SessionState {
  status: 'loading' | 'signed-in' | 'signed-out'
  user: SessionUser | null
}

const loading: SessionState = { status: 'loading', user: null }
const signedOut: SessionState = { status: 'signed-out', user: null }

// Browser-only module state: one session for the page (the server never renders it).
let state: SessionState = loading
let inflight: Promise<void> | null = null
const listeners = new Set<() => void>()

function setState(next: SessionState) {
  state = next
  for (const listener of listeners) listener()
}

/** Reads the session again (after sign-in, sign-out, or when another tab changed it). */
export function refreshSession(): Promise<void> {
  inflight ??= fetch('/api/session', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then(async (res) => {
      const body = res.ok ? ((await res.json()) as { user: SessionUser | null }) : { user: null }
      setState(body.user ? { status: 'signed-in', user: body.user } : signedOut)
    })
    .catch(() => setState(signedOut))
    .finally(() => {
      inflight = null
    })
  return inflight
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  if (state === loading && !inflight) void refreshSession()
  return () => listeners.delete(listener)
}

export function useSession(): SessionState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => loading,
  )
}

/**
 * Headers for a request that signs in as `email`: whether this browser already stored that address.
 * The sign-in notification is recorded only when it had not (the first sign-in since the last sign-out).
 */
export function signInHeaders(email: string): Record<string, string> {
  let stored: string | null = null
  try {
    stored = localStorage.getItem(LOGIN_EMAIL_STORAGE_KEY)
  } catch {
    /* storage may be disabled: nothing was stored */
  }
  return stored !== null && stored.trim().toLowerCase() === email.trim().toLowerCase() ? { [LOGIN_EMAIL_STORED_HEADER]: '1' } : {}
}

/** After a sign-in or sign-up: the email is remembered and the person lands on the dashboard, signed in. */
export function completeSignIn(email: string) {
  try {
    localStorage.setItem(LOGIN_EMAIL_STORAGE_KEY, email)
  } catch {
    /* storage may be disabled */
  }
  // A portal page (a job opened from a mail) stays; anywhere else the signed-in person lands on the dashboard.
  if (/^\/profile(\/|$)/.test(window.location.pathname)) window.location.reload()
  else window.location.assign('/profile')
}

/** Signs out (the server records the sign-out activity), clears the stored email and reloads. */
export async function signOut(): Promise<void> {
  await fetch('/api/auth/sign-out', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  }).catch(() => undefined)
  try {
    localStorage.removeItem(LOGIN_EMAIL_STORAGE_KEY)
  } catch {
    /* storage may be disabled */
  }
  setState(signedOut)
  window.location.reload()
}
