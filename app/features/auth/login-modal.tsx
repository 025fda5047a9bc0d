import * as Dialog from '@radix-ui/react-dialog'
import { lazy, Suspense } from 'react'
import { CloseIcon } from '../../components/ui/icons'

// The form (its schemas and the form library) is fetched as soon as the dialog's own code arrives,
// usually on the pointer's way to "Login". A lazily loaded module's files are listed in the code of
// the module that loads it: behind this second import they are listed here, not in the script
// every page loads first.
const formLoaded = import('./login-form')
// A failed fetch is reported when the dialog shows the form, not as an error nothing handled.
formLoaded.catch(() => {})
const LoginForm = lazy(() => formLoaded.then((m) => ({ default: m.LoginForm })))

export interface LoginModalProps {
  open: boolean
  onOpenChange(open: boolean): void
}

/** The modal sign-in dialog: focus stays inside, Escape and the close button dismiss it. */
export default function LoginModal({ open, onOpenChange }: LoginModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/60 backdrop-blur-sm motion-safe:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content
          data-testid="login-dialog"
          className="fixed top-1/2 left-1/2 z-[61] max-h-[90vh] w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-foreground p-6 text-text shadow-2xl shadow-black/50 motion-safe:animate-[dialog-in_180ms_ease-out]"
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-xl font-semibold text-text">Sign in</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-light">Sign in to the client portal.</Dialog.Description>
            </div>
            <Dialog.Close className="rounded-md p-1 text-light hover:bg-shade hover:text-text" aria-label="Close">
              <CloseIcon size={20} />
            </Dialog.Close>
          </div>
          <Suspense fallback={<p aria-busy="true">Loading…</p>}>
            <LoginForm onCancel={() => onOpenChange(false)} />
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
