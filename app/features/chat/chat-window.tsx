import { useEffect, useRef } from 'react'
import { site } from '../../../lib/site'
import { useLoginDialog } from '../../components/layout/login-dialog-context'
import { useSession } from '../../components/layout/use-session'
import { ChatConversation } from './chat-conversation'

export const CHAT_WINDOW_ID = 'chat-window'

/** The chat window (loaded on first open). Escape closes it; the launcher then takes the focus back. */
export default function ChatWindow({ open, onClose }: { open: boolean; onClose: () => void }) {
  const session = useSession()
  const login = useLoginDialog()
  const panelRef = useRef<HTMLElement>(null)

  useEffect(() => {
    if (open && session.status !== 'signed-in') panelRef.current?.querySelector<HTMLElement>('a, button')?.focus()
  }, [open, session.status])

  return (
    <section
      ref={panelRef}
      id={CHAT_WINDOW_ID}
      role="dialog"
      aria-modal="false"
      aria-labelledby="chat-window-title"
      hidden={!open}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation()
          onClose()
        }
      }}
      className="fixed right-4 bottom-20 z-50 flex h-[min(32rem,calc(100vh-7rem))] w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-lg border border-border bg-background text-text shadow-2xl [&[hidden]]:hidden"
    >
      <div className="flex items-center justify-between border-b border-border bg-secondary-background px-3 py-2">
        <h2 id="chat-window-title" className="text-base font-semibold">
          {site.companyName} Assistant
        </h2>
        <button type="button" onClick={onClose} aria-label="Close chat" className="rounded px-2 text-lg leading-none hover:bg-shade">
          ×
        </button>
      </div>
      {session.status === 'signed-in' ? (
        <ChatConversation open={open} />
      ) : session.status === 'loading' ? (
        <p className="p-4 text-sm text-light">Loading...</p>
      ) : (
        <p className="p-4 text-sm">
          <a
            href="/profile"
            className="text-link underline"
            onClick={(event) => {
              event.preventDefault()
              login.open()
            }}
          >
            Please sign in to speak to our advisor.
          </a>
        </p>
      )}
    </section>
  )
}
