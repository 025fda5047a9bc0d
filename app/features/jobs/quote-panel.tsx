import { useState } from 'react'
import type { QuoteView } from '../../../lib/job-view'
import { formatPence } from '../../../lib/quote-schema'
import { ErrorList, controlClass, fieldLabelClass } from '../../components/forms'
import { StatusMessage } from '../dashboard/status-message'
import { buttonClass, cardClass, cardTitleClass, linkButtonClass, secondaryButtonClass } from '../dashboard/styles'
import { useJobAction } from './use-job-action'

const statusWords: Record<string, string> = { sent: 'Waiting for your answer', accepted: 'Accepted', declined: 'Declined', superseded: 'Replaced by a newer quote' }

/**
 * The job's quotes, newest first: the lines, subtotal, VAT and total, the validity date and a PDF.
 * The client accepts or declines the quote that waits for an answer (declining asks why); an expired
 * quote says so and cannot be accepted.
 */
export function QuotePanel({ quotes, canDecide, isClient }: { quotes: QuoteView[]; canDecide: boolean; isClient: boolean }) {
  const [declining, setDeclining] = useState(false)
  const accept = useJobAction('accept-quote', 'Quote accepted')
  const decline = useJobAction('decline-quote', 'Quote declined', () => setDeclining(false))
  const [current, ...older] = quotes
  return (
    <section aria-labelledby="quote-title" className={cardClass}>
      <h2 id="quote-title" className={cardTitleClass}>
        Quote
      </h2>
      {!current ? (
        <p className="text-(--color-light)">{isClient ? 'No quote yet: we will quote your job here and let you know by email.' : 'No quote yet.'}</p>
      ) : (
        <div className="space-y-3" data-testid="current-quote">
          <QuoteTable quote={current} />
          <p className="text-sm">
            <span data-testid="quote-status">{current.status === 'sent' && current.expired ? `Expired on ${current.validUntil}` : (statusWords[current.status] ?? current.status)}</span>
            {current.status === 'sent' && !current.expired ? ` · valid until ${current.validUntil}` : ''}
            {current.declineReason ? ` · reason: ${current.declineReason}` : ''}
          </p>
          <a href={current.pdfUrl} download className={linkButtonClass}>
            Download quote {current.number} (PDF)
          </a>
          {canDecide && current.status === 'sent' ? (
            <div className="flex flex-wrap items-start gap-3">
              <accept.fetcher.Form method="post">
                <input type="hidden" name="intent" value="accept-quote" />
                <button type="submit" className={buttonClass} disabled={accept.busy || current.expired}>
                  {accept.busy ? 'Accepting…' : 'Accept quote'}
                </button>
              </accept.fetcher.Form>
              {declining ? (
                <decline.fetcher.Form method="post" className="w-full max-w-lg space-y-2">
                  <input type="hidden" name="intent" value="decline-quote" />
                  <label htmlFor="decline-reason" className={fieldLabelClass}>
                    Why do you decline the quote?
                  </label>
                  <textarea id="decline-reason" name="reason" rows={3} className={controlClass} aria-invalid={decline.errors.reason ? true : undefined} aria-describedby={decline.errors.reason ? 'decline-reason-error' : undefined} />
                  <ErrorList id="decline-reason-error" errors={decline.errors.reason} />
                  <div className="flex gap-2">
                    <button type="submit" className={buttonClass} disabled={decline.busy}>
                      Decline quote
                    </button>
                    <button type="button" className={secondaryButtonClass} onClick={() => setDeclining(false)}>
                      Keep it
                    </button>
                  </div>
                </decline.fetcher.Form>
              ) : (
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
    </section>
  )
}

function QuoteTable({ quote }: { quote: QuoteView }) {
  return (
    <div className="overflow-x-auto" role="region" aria-label={`Quote ${quote.number} lines`} tabIndex={0}>
      <table className="w-full min-w-[24rem] text-left text-sm">
        <caption className="mb-2 text-left font-medium">Quote {quote.number}</caption>
        <thead>
          <tr className="border-b border-(--color-border)">
            <th scope="col" className="py-1 pr-3">
              Description
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              Quantity
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              Unit price
            </th>
            <th scope="col" className="py-1 text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((l, i) => (
            <tr key={i} className="border-b border-(--color-border)">
              <td className="py-1 pr-3">{l.description}</td>
              <td className="py-1 pr-3 text-right">{l.unit ? `${l.quantity} ${l.unit}${l.quantity === 1 ? '' : 's'}` : '1'}</td>
              <td className="py-1 pr-3 text-right">{formatPence(l.unitPricePence)}</td>
              <td className="py-1 text-right">{formatPence(l.amountPence)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="py-1 pr-3 text-right font-normal">
              Subtotal
            </th>
            <td className="py-1 text-right">{formatPence(quote.subtotalPence)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3} className="py-1 pr-3 text-right font-normal">
              VAT at {quote.vatPercent}%
            </th>
            <td className="py-1 text-right">{formatPence(quote.vatPence)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3} className="py-1 pr-3 text-right">
              Total
            </th>
            <td className="py-1 text-right font-semibold" data-testid="quote-total">
              {formatPence(quote.totalPence)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
