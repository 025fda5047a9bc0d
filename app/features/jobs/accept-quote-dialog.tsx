import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { buttonClass, secondaryButtonClass } from '../../components/portal/styles'

/**
 * "Accept quote" commits the client to the quote's total, so it asks once: the dialog names the quote,
 * its total with VAT and what accepting starts. Radix keeps the focus inside, returns it to the
 * button and closes on Escape; "Not yet" leaves the quote waiting.
 */
export function AcceptQuoteDialog({ number, total, disabled, busy, onConfirm }: { number: string; total: string; disabled: boolean; busy: boolean; onConfirm: () => void }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button type="button" className={buttonClass} disabled={disabled || busy}>
          {busy ? 'Accepting…' : 'Accept quote'}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(90vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-(--color-border) bg-(--color-foreground) p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">Accept quote {number}?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm">
            You agree to pay <strong data-testid="accept-quote-total">{total}</strong> including VAT, and we start the work.
          </AlertDialog.Description>
          <div className="mt-5 flex justify-end gap-3">
            <AlertDialog.Cancel className={secondaryButtonClass}>Not yet</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClass} onClick={onConfirm}>
              Accept {total}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
