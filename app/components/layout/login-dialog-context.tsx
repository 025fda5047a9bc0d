import { createContext, useContext } from 'react'

export interface LoginDialogControls {
  open(): void
  close(): void
  /** Starts fetching the dialog's code early, e.g. when the pointer reaches "Login". */
  preload(): void
}

/**
 * The shell's sign-in dialog, as anything on a page sees it: open or close it. The dialog itself
 * (app/features/auth/login-dialog-provider.tsx) provides the value, so shared UI and pages can ask for
 * it without importing the sign-in feature.
 */
export const LoginDialogContext = createContext<LoginDialogControls | null>(null)

/** Opens or closes the shell's sign-in dialog (e.g. the chat's "Please sign in" link). */
export function useLoginDialog(): LoginDialogControls {
  const controls = useContext(LoginDialogContext)
  if (!controls) throw new Error('useLoginDialog must be used inside the Shell (LoginDialogProvider)')
  return controls
}
