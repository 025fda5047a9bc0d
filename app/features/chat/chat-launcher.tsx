import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { site } from '../../../lib/site'

// The window (and its realtime client) is fetched on first open; the button alone ships with pages.
const loadChatWindow = () => import('./chat-window')
const ChatWindow = lazy(loadChatWindow)

/** The floating chat button, mounted once by the shell. "/?chat=open" opens the window. */
export function ChatLauncher() {
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const location = useLocation()

  useEffect(() => {
    if (new URLSearchParams(location.search).get('chat') === 'open') {
      setWanted(true)
      setOpen(true)
    }
    // location.key: following the link again (same URL) opens the window again.
  }, [location.search, location.key])

  const close = useCallback(() => {
    setOpen(false)
    buttonRef.current?.focus()
  }, [])

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={wanted ? 'chat-window' : undefined}
        aria-label={open ? 'Close chat' : `Chat with the ${site.companyName} assistant`}
        onPointerEnter={() => void loadChatWindow()}
        onFocus={() => void loadChatWindow()}
        onClick={() => {
          setWanted(true)
          setOpen((v) => !v)
        }}
        className="fixed right-4 bottom-4 z-50 flex h-12 w-12 items-center justify-center rounded-full bg-highlight text-background shadow-lg hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-link"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          {open ? <path d="M18 6 6 18M6 6l12 12" /> : <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />}
        </svg>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <ChatWindow open={open} onClose={close} />
        </Suspense>
      ) : null}
    </>
  )
}
