import { useCallback, useEffect, useRef, useState } from 'react'
import { realtimeTimings, START_ACK_ID, type ChatStreamPart } from '../../../lib/chat-schema'
import { createOrGetConversation, createRealtimeClient, listAllMessages, sendChatMessage, STREAM_SUBSCRIPTION, type ConnectionState } from './chat-api'

export interface UiMessage {
  key: string
  role: 'user' | 'assistant'
  text: string
  /** The placeholder of an answer still being streamed. */
  loading?: boolean
  /** For an assistant message: the user message it answers (unknown until the send returns). */
  answerTo?: string | null
  error?: string
}

/** A conversation is initial, then loading, then initialized. */
export type ChatPhase = 'initial' | 'loading' | 'initialized'

export interface ChatState {
  phase: ChatPhase
  messages: UiMessage[]
  /** An answer is on its way: Send is disabled and "Typing..." shows. */
  busy: boolean
  /** The error state: a visible message and a Retry. */
  error: string | null
  connection: ConnectionState
  send(text: string): boolean
  retry(): void
}

/**
 * The conversation of the signed-in user: loads it with its history, listens to the assistant's
 * stream (resuming after the last seq seen), and sends messages with an optimistic user message and
 * a loading placeholder that the streamed parts fill.
 */
export function useChat(enabled: boolean): ChatState {
  const [phase, setPhase] = useState<ChatPhase>('initial')
  const [messages, setMessages] = useState<UiMessage[]>([])
  const [error, setError] = useState<string | null>(null)
  const messagesRef = useRef<UiMessage[]>([])
  const [connection, setConnection] = useState<ConnectionState>('connecting')
  const conversationId = useRef<string | null>(null)
  const lastSeq = useRef(0)
  const retryAction = useRef<(() => void) | null>(null)
  const sendRef = useRef<(text: string, isRetry?: boolean) => boolean>(() => false)
  const counter = useRef(0)
  const [attempt, setAttempt] = useState(0)

  /** User messages whose answer is already in the loaded history: replayed parts of those are skipped. */
  const answered = useRef(new Set<string>())

  const applyPart = useCallback((part: ChatStreamPart) => {
    if (part.seq <= lastSeq.current) return
    lastSeq.current = part.seq
    if (answered.current.has(part.associatedUserMessageId)) return
    const failure = part.errors?.[0]?.message
    setMessages((prev) => {
      const next = [...prev]
      let i = next.findIndex((m) => m.role === 'assistant' && m.answerTo === part.associatedUserMessageId)
      if (i < 0) i = next.findIndex((m) => m.role === 'assistant' && m.loading && m.answerTo == null)
      if (i < 0) {
        // An answer to a message sent elsewhere (another tab): show it as it arrives.
        next.push({ key: `a-${part.associatedUserMessageId}`, role: 'assistant', text: '', loading: true, answerTo: part.associatedUserMessageId })
        i = next.length - 1
      }
      const m = { ...next[i]!, answerTo: part.associatedUserMessageId }
      if (part.contentBlockText) m.text += part.contentBlockText
      if (part.stopReason) m.loading = false
      if (failure) {
        m.loading = false
        m.error = failure
      }
      next[i] = m
      return next
    })
    if (failure) {
      setError(failure)
      // Retry asks the same question again: its failed bubbles make way for the new attempt.
      retryAction.current = () => {
        const current = messagesRef.current
        const lastUser = current.findLastIndex((m) => m.role === 'user')
        const question = current[lastUser]?.text
        setMessages((prev) => prev.filter((m) => !m.error && m !== current[lastUser]))
        if (question) sendRef.current(question, true)
      }
    }
  }, [])

  // Load the conversation and its history, then listen to its stream.
  useEffect(() => {
    if (!enabled) return
    let cancelled = false
    let unsubscribe: (() => void) | undefined
    let ackTimer: ReturnType<typeof setTimeout> | undefined
    let resubscribeTimer: ReturnType<typeof setTimeout> | undefined
    const realtime = createRealtimeClient((state) => !cancelled && setConnection(state))

    const subscribe = (id: string) => {
      let acknowledged = false
      ackTimer = setTimeout(() => {
        if (acknowledged || cancelled) return
        // The subscription never started: drop it and try again on the reconnect schedule.
        unsubscribe?.()
        setConnection('reconnecting')
        resubscribeTimer = setTimeout(() => !cancelled && subscribe(id), realtimeTimings.reconnectFirstMs)
      }, realtimeTimings.subscriptionAckTimeoutMs)
      unsubscribe = realtime.client.subscribe<{ onChatStreamPart: ChatStreamPart }>(
        { query: STREAM_SUBSCRIPTION, variables: { conversationId: id, afterSeq: lastSeq.current } },
        {
          next: (result) => {
            const part = result.data?.onChatStreamPart
            if (result.errors?.length) {
              setError(result.errors[0]!.message)
              return
            }
            if (!part) return
            if (part.id === START_ACK_ID) {
              acknowledged = true
              clearTimeout(ackTimer)
              return
            }
            applyPart(part)
          },
          error: (e) => {
            if (cancelled) return
            const message = Array.isArray(e) ? (e[0] as { message?: string })?.message : undefined
            setError(message ?? 'The connection to the assistant was lost.')
            retryAction.current = () => setAttempt((n) => n + 1)
          },
          complete: () => {},
        },
      )
    }

    setPhase('loading')
    setError(null)
    ;(async () => {
      try {
        const conversation = await createOrGetConversation()
        if (cancelled) return
        conversationId.current = conversation.id
        lastSeq.current = conversation.lastStreamSeq
        const history = await listAllMessages(conversation.id)
        if (cancelled) return
        answered.current = new Set(history.filter((m, i) => m.role === 'user' && history[i + 1]?.role === 'assistant').map((m) => m.id))
        setMessages(history.map((m) => ({ key: m.id, role: m.role, text: m.content.map((b) => b.text ?? '').join(''), answerTo: null })))
        subscribe(conversation.id)
        setPhase('initialized')
      } catch (e) {
        if (cancelled) return
        setError((e as Error).message)
        retryAction.current = () => setAttempt((n) => n + 1)
      }
    })()
    return () => {
      cancelled = true
      clearTimeout(ackTimer)
      clearTimeout(resubscribeTimer)
      unsubscribe?.()
      realtime.dispose()
    }
  }, [enabled, attempt, applyPart])

  messagesRef.current = messages
  const busy = messages.some((m) => m.loading)
  const busyRef = useRef(busy)
  busyRef.current = busy

  const send = useCallback((text: string, isRetry = false): boolean => {
    const trimmed = text.trim()
    const id = conversationId.current
    if (!trimmed || !id || (busyRef.current && !isRetry)) return false
    setError(null)
    const key = `local-${++counter.current}`
    busyRef.current = true
    setMessages((prev) => [
      ...prev,
      { key, role: 'user', text: trimmed },
      { key: `${key}-answer`, role: 'assistant', text: '', loading: true, answerTo: null },
    ])
    sendChatMessage(id, trimmed, { page: location.pathname })
      .then((saved) =>
        setMessages((prev) => prev.map((m) => (m.key === `${key}-answer` && m.answerTo == null ? { ...m, answerTo: saved.id } : m))),
      )
      .catch((e: Error) => {
        setMessages((prev) => prev.filter((m) => m.key !== key && m.key !== `${key}-answer`))
        setError(e.message)
        retryAction.current = () => sendRef.current?.(trimmed)
      })
    return true
  }, [])
  sendRef.current = send

  const retry = useCallback(() => {
    const action = retryAction.current
    retryAction.current = null
    setError(null)
    action?.()
  }, [])

  return { phase, messages, busy, error, connection, send: (text) => send(text), retry }
}
