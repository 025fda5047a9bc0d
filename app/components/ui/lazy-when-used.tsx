import { useEffect, type ComponentType, type ReactNode } from 'react'
import { lazyUntil } from './lazy-until'

/**
 * A form whose code the browser fetches when the visitor first points at it, touches it or moves the
 * focus into it (see lazyUntil), so a visitor who only reads the page never loads it.
 *
 * A form sent before its code has taken over would go as a plain post and leave the page, unchecked
 * by the browser: it is held instead, and sent again once the code has hydrated the form, so the
 * form's own handler checks it first.
 */
export function lazyWhenUsed<P extends object>(elementId: string, load: () => Promise<ComponentType<P>>, fallback?: ReactNode): ComponentType<P> {
  let sendHeld = () => {}
  const whenUsed = (element: HTMLElement, stop: AbortSignal) => {
    if (element instanceof HTMLFormElement) sendHeld = holdSubmissions(element)
    return new Promise<void>((resolve) => {
      for (const type of ['pointerover', 'pointerdown', 'focusin', 'submit']) element.addEventListener(type, () => resolve(), { signal: stop })
    })
  }
  return lazyUntil(
    elementId,
    whenUsed,
    async () => {
      const Form = await load()
      return function UsedForm(props: P) {
        // Effects run once the form has hydrated, its handlers attached.
        useEffect(() => sendHeld(), [])
        return <Form {...props} />
      }
    },
    fallback,
  )
}

/** Holds the form's submissions until the returned function is called, which sends the last one held again. */
function holdSubmissions(form: HTMLFormElement): () => void {
  let held: SubmitEvent | null = null
  const hold = (event: SubmitEvent) => {
    event.preventDefault()
    held = event
  }
  form.addEventListener('submit', hold)
  return () => {
    form.removeEventListener('submit', hold)
    if (held && form.isConnected) form.requestSubmit(held.submitter)
    held = null
  }
}
