import { Suspense, lazy, useCallback, useMemo, useState, type ReactNode } from 'react'
import { LoginDialogContext } from '../../components/layout/login-dialog-context'

// The dialog (Radix and the sign-in form) is fetched on first use, not with every page.
const loadLoginModal = () => import('./login-modal')
const LoginModal = lazy(loadLoginModal)

/** Starts fetching the dialog's code early, e.g. when the pointer reaches "Login". */
function preloadLoginDialog() {
  void loadLoginModal()
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
  const controls = useMemo(() => ({ open, close, preload: preloadLoginDialog }), [open, close])
  return (
    <LoginDialogContext.Provider value={controls}>
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <LoginModal open={isOpen} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </LoginDialogContext.Provider>
  )
}
