import { Suspense, createContext, lazy, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'

interface LoginDialogControls {
  open(): void
  close(): void
}

const LoginDialogContext = createContext<LoginDialogControls | null>(null)

// The dialog (Radix and the sign-in form) is fetched on first use, not with every page.
const loadLoginDialog = () => import('./login-dialog')
const LoginDialog = lazy(loadLoginDialog)

/** Starts fetching the dialog's code early, e.g. when the pointer reaches "Login". */
export function preloadLoginDialog() {
  void loadLoginDialog()
}

/** Owns the modal sign-in dialog; anything inside can open or close it through useLoginDialog(). */
export function LoginDialogProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const open = useCallback(() => {
    setWanted(true)
    setOpen(true)
  }, [])
  const close = useCallback(() => setOpen(false), [])
  const controls = useMemo(() => ({ open, close }), [open, close])
  return (
    <LoginDialogContext.Provider value={controls}>
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <LoginDialog open={isOpen} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </LoginDialogContext.Provider>
  )
}

/** Opens or closes the shell's sign-in dialog (e.g. the chat's "Please sign in" link). */
export function useLoginDialog(): LoginDialogControls {
  const controls = useContext(LoginDialogContext)
  if (!controls) throw new Error('useLoginDialog must be used inside the Shell (LoginDialogProvider)')
  return controls
}
