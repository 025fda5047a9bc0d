import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { sendMessageInputSchema } from '../../../lib/chat-schema'
import { site } from '../../../lib/site'
import { Markdown } from './render-markdown'
import { useChat } from './use-chat'

/** The signed-in conversation: greeting, messages, "Typing...", errors with Retry, and the input. */
export function ChatConversation({ open }: { open: boolean }) {
  const chat = useChat(true)
  const [input, setInput] = useState('')
  const [inputError, setInputError] = useState<string | null>(null)
  const listRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLTextAreaElement>(null)

  useEffect(() => {
    if (open) inputRef.current?.focus()
  }, [open])
  useEffect(() => {
    const list = listRef.current
    if (list) list.scrollTop = list.scrollHeight
  }, [chat.messages, chat.busy, chat.error])

  const canSend = chat.phase === 'initialized' && !chat.busy && input.trim().length > 0
  const submit = () => {
    if (!canSend) return
    // The rules the server applies, checked here first for an immediate message.
    const parsed = sendMessageInputSchema.safeParse({ content: [{ text: input }] })
    if (!parsed.success) {
      setInputError(parsed.error.issues[0]?.message ?? null)
      return
    }
    setInputError(null)
    if (chat.send(input)) setInput('')
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit()
    }
  }

  return (
    <>
      <div ref={listRef} role="log" aria-label="Conversation" className="flex flex-1 flex-col gap-2 overflow-y-auto px-3 py-3 text-sm">
        <div className="max-w-[85%] self-start rounded-lg bg-shade px-3 py-2 text-text">Hi! I'm your {site.companyName} assistant. How can I help you today?</div>
        {chat.phase === 'loading' ? <p className="text-light">Loading conversation...</p> : null}
        {chat.messages.map((m) =>
          m.role === 'user' ? (
            <div key={m.key} data-role="user" className="max-w-[85%] self-end rounded-lg bg-highlight px-3 py-2 whitespace-pre-wrap text-background">
              {m.text}
            </div>
          ) : m.text || m.error ? (
            <div key={m.key} data-role="assistant" aria-busy={m.loading ? true : undefined} className="max-w-[85%] self-start rounded-lg bg-shade px-3 py-2 text-text">
              <Markdown text={m.text} />
            </div>
          ) : null,
        )}
        {chat.busy ? (
          <p className="text-light" aria-live="polite">
            Typing...
          </p>
        ) : null}
      </div>
      {chat.connection === 'reconnecting' ? (
        <p role="status" className="border-t border-border px-3 py-1 text-xs text-orange">
          Reconnecting…
        </p>
      ) : null}
      {chat.error ? (
        <div role="alert" className="flex items-center justify-between gap-2 border-t border-border px-3 py-2 text-sm text-red">
          <span>{chat.error}</span>
          <button type="button" onClick={chat.retry} className="rounded border border-border px-2 py-1 text-text hover:bg-shade">
            Retry
          </button>
        </div>
      ) : null}
      <form
        className="flex items-end gap-2 border-t border-border p-3"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <div className="flex-1">
          <textarea
            ref={inputRef}
            value={input}
            onChange={(e) => {
              setInput(e.target.value)
              if (inputError) setInputError(null)
            }}
            onKeyDown={onKeyDown}
            rows={2}
            placeholder="Type your message..."
            aria-label="Message"
            aria-invalid={inputError ? true : undefined}
            aria-describedby={inputError ? 'chat-input-error' : undefined}
            className="w-full resize-none rounded border border-border bg-secondary-background px-2 py-1 text-sm text-input-text"
          />
          {inputError ? (
            <p id="chat-input-error" className="text-xs text-red">
              {inputError}
            </p>
          ) : null}
        </div>
        <button type="submit" disabled={!canSend} className="rounded bg-highlight px-3 py-2 text-sm font-semibold text-background disabled:opacity-50">
          Send
        </button>
      </form>
    </>
  )
}
