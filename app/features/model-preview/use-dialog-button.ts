import { useEffect, useRef, useState } from 'react'

/**
 * A button that opens a dialog: whether it is open, and the button's ref. Once the dialog has closed
 * (and the page is no longer inert), the focus goes back to the button.
 */
export function useDialogButton(openAtFirst = false) {
  const [open, setOpen] = useState(openAtFirst)
  const button = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(false)
  useEffect(() => {
    if (open) wasOpen.current = true
    else if (wasOpen.current) button.current?.focus()
  }, [open])
  return { open, setOpen, button }
}
