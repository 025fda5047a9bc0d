import { getFormProps, getTextareaProps } from '@conform-to/react'
import { useState } from 'react'
import { formatDate } from '../../../lib/format'
import type { QuoteView } from '../../../lib/job-view'
import { declineQuoteSchema, formatPence } from '../../../lib/quote-schema'
import { TextareaField } from '../../components/forms'
import { stackedTable } from '../../components/portal/stacked-table'
import { StatusMessage } from '../../components/portal/status-message'
import { buttonClass, linkButtonClass, secondaryButtonClass } from '../../components/portal/styles'
import { AcceptQuoteDialog } from './accept-quote-dialog'
import { useJobAction } from './use-job-action'
import { PortalCard } from '../../components/portal/portal-card'
import { useSchemaForm } from '../../components/use-schema-form'

const statusWords: Record<string, string> = { sent: 'Waiting for your answer', accepted: 'Accepted', declined: 'Declined', superseded: 'Replaced by a newer quote' }

/**
 * The job's quotes, newest first: the lines, subtotal, VAT and total, the consultancy's note, the
 * validity date and a PDF. The client accepts the quote that waits for an answer (after confirming
 * its total) or, set apart from that, declines it (saying why); an expired quote says so and cannot
 * be accepted.
 */
export function QuotePanel({ quotes, canDecide, isClient }: { quotes: QuoteView[]; canDecide: boolean; isClient: boolean }) {
  const [declining, setDeclining] = useState(false)
  const accept = useJobAction('accept-quote', 'Quote accepted')
  const decline = useJobAction('decline-quote', 'Quote declined', () => setDeclining(false))
  const [current, ...older] = quotes
  return (
    <PortalCard titleId="quote-title" title="Quote">
      {!current ? (
        <p className="text-(--color-light)">{isClient ? 'No quote yet: we will quote your job here and let you know by email.' : 'No quote yet.'}</p>
      ) : (
        <div className="space-y-3" data-testid="current-quote">
          <QuoteTable quote={current} />
          {current.note ? (
            <div data-testid="quote-note">
              <h3 className="text-sm font-medium text-(--color-light)">Note from us</h3>
              <p className="whitespace-pre-line">{current.note}</p>
            </div>
          ) : null}
          <p className="text-sm">
            <span data-testid="quote-status">{current.status === 'sent' && current.expired ? `Expired on ${formatDate(current.validUntil)}` : (statusWords[current.status] ?? current.status)}</span>
            {current.status === 'sent' && !current.expired ? ` · valid until ${formatDate(current.validUntil)}` : ''}
            {current.declineReason ? ` · reason: ${current.declineReason}` : ''}
          </p>
          <a href={current.pdfUrl} download className={linkButtonClass}>
            Download quote {current.number} (PDF)
          </a>
          {canDecide && current.status === 'sent' ? (
            <div className="flex flex-wrap items-start justify-between gap-3 border-t border-(--color-border) pt-3">
              <AcceptQuoteDialog
                number={current.number}
                total={formatPence(current.totalPence)}
                disabled={current.expired || decline.busy}
                busy={accept.busy}
                onConfirm={() => void accept.fetcher.submit({ intent: 'accept-quote' }, { method: 'post' })}
              />
              {declining ? <DeclineQuoteForm decline={decline} onKeep={() => setDeclining(false)} /> : (
                <button type="button" className={secondaryButtonClass} onClick={() => setDeclining(true)}>
                  Decline…
                </button>
              )}
            </div>
          ) : null}
          <StatusMessage status={accept.status.text ? accept.status : decline.status} testId="quote-decision-status" />
          {older.length ? (
            <details>
              <summary className="cursor-pointer text-sm text-(--color-light)">Earlier quotes ({older.length})</summary>
              <ul className="mt-2 space-y-1 text-sm">
                {older.map((q) => (
                  <li key={q.id}>
                    <a href={q.pdfUrl} download className={linkButtonClass}>
                      {q.number}
                    </a>{' '}
                    {formatPence(q.totalPence)} · {statusWords[q.status] ?? q.status}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      )}
    </PortalCard>
  )
}

/** Declining asks why (the decline schema's one field), checked in the browser and by the server. */
function DeclineQuoteForm({ decline, onKeep }: { decline: ReturnType<typeof useJobAction>; onKeep: () => void }) {
  const [form, fields] = useSchemaForm(declineQuoteSchema, {
    id: 'decline-quote',
    lastResult: decline.lastResult,
  })
  return (
    <decline.fetcher.Form method="post" className="w-full max-w-lg space-y-2" {...getFormProps(form)} aria-label="Decline the quote">
      <input type="hidden" name="intent" value="decline-quote" />
      <TextareaField label="Why do you decline the quote?" errors={fields.reason.errors} textareaProps={{ ...getTextareaProps(fields.reason, { ariaAttributes: false }), rows: 3 }} />
      <div className="flex gap-2">
        <button type="submit" className={buttonClass} disabled={decline.busy}>
          Decline quote
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onKeep}>
          Keep it
        </button>
      </div>
    </decline.fetcher.Form>
  )
}

/**
 * The quote's lines and totals. On a phone each line is a card whose cells name their column, and the
 * subtotal, VAT and total are rows of label and amount, so every amount shows without scrolling sideways.
 */
function QuoteTable({ quote }: { quote: QuoteView }) {
  const totalRow = 'flex justify-between gap-3 py-1 md:table-row md:py-0'
  const totalLabel = 'text-left md:table-cell md:px-3 md:py-1 md:text-right'
  const totalAmount = 'text-right md:px-3 md:py-1'
  return (
    <table className={stackedTable.table}>
      <caption className="mb-2 block text-left font-medium md:table-caption">Quote {quote.number}</caption>
      {/* Not sticky, unlike a list's head: a quote is short, and its totals must never sit under it. */}
      <thead className="sr-only md:not-sr-only md:table-header-group">
        <tr className="border-b border-(--color-border)">
          <th scope="col" className={stackedTable.headCell}>
            Description
          </th>
          <th scope="col" className={`${stackedTable.headCell} text-right`}>
            Quantity
          </th>
          <th scope="col" className={`${stackedTable.headCell} text-right`}>
            Unit price
          </th>
          <th scope="col" className={`${stackedTable.headCell} text-right`}>
            Amount
          </th>
        </tr>
      </thead>
      <tbody className={stackedTable.body}>
        {quote.lines.map((l, i) => (
          <tr key={i} className={stackedTable.row} data-testid="quote-line-row">
            <td data-label="Description" className={`${stackedTable.cell} [overflow-wrap:anywhere]`}>
              {l.description}
            </td>
            <td data-label="Quantity" className={`${stackedTable.cell} md:text-right`}>
              {l.unit ? `${l.quantity} ${l.unit}${l.quantity === 1 ? '' : 's'}` : '1'}
            </td>
            <td data-label="Unit price" className={`${stackedTable.cell} md:text-right`}>
              {formatPence(l.unitPricePence)}
            </td>
            <td data-label="Amount" className={`${stackedTable.cell} md:text-right`}>
              {formatPence(l.amountPence)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot className="mt-2 block md:table-footer-group">
        <tr className={`${totalRow} md:border-t md:border-(--color-border)`}>
          <th scope="row" colSpan={3} className={`${totalLabel} font-normal`}>
            Subtotal
          </th>
          <td className={totalAmount}>{formatPence(quote.subtotalPence)}</td>
        </tr>
        <tr className={totalRow}>
          <th scope="row" colSpan={3} className={`${totalLabel} font-normal`}>
            VAT at {quote.vatPercent}%
          </th>
          <td className={totalAmount}>{formatPence(quote.vatPence)}</td>
        </tr>
        <tr className={`${totalRow} max-md:border-t max-md:border-(--color-border)`}>
          <th scope="row" colSpan={3} className={totalLabel}>
            Total
          </th>
          <td className={`${totalAmount} font-semibold`} data-testid="quote-total">
            {formatPence(quote.totalPence)}
          </td>
        </tr>
      </tfoot>
    </table>
  )
}
