import * as AlertDialog from '@radix-ui/react-alert-dialog'
import type { ReactNode } from 'react'
import { dangerButtonClass, secondaryButtonClass } from './styles'

/**
 * The delete confirmation of the dashboard: deleting a document or a job request asks "Are you sure?"
 * with "Yes" and "No!".
 * Radix keeps focus inside the dialog, returns it to the trigger and closes on Escape.
 * `verb` names the action ("Delete" by default, "Revoke" for a token, "Remove" for a deliverable or a
 * passkey, "End" for a session):
 * the button's accessible name and the dialog's description use it.
 */
export function ConfirmDelete({
  what,
  onConfirm,
  disabled,
  children,
  verb = 'Delete',
  consequence = 'It cannot be undone.',
}: {
  what: string
  onConfirm: () => void
  disabled?: boolean
  children: ReactNode
  verb?: 'Delete' | 'Revoke' | 'Remove' | 'End'
  /** What follows, said after "This deletes …". */
  consequence?: string
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button type="button" className={secondaryButtonClass} disabled={disabled} aria-label={`${verb} ${what}`}>
          {children}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(90vw,24rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-(--color-border) bg-(--color-foreground) p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">Are you sure?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-(--color-light)">This {verb.toLowerCase()}s {what}. {consequence}</AlertDialog.Description>
          <div className="mt-5 flex justify-end gap-3">
            <AlertDialog.Cancel className={secondaryButtonClass}>No!</AlertDialog.Cancel>
            <AlertDialog.Action className={dangerButtonClass} onClick={onConfirm}>
              Yes
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
