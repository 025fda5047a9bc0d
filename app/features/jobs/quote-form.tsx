import { useId, useState } from 'react'
import { serviceRates, trainingCourses } from '../../../lib/catalogue'
import { formatPence, priceLine, quoteTotals, today, type QuoteLineInput } from '../../../lib/quote-schema'
import { ErrorList, controlClass, fieldLabelClass } from '../../components/forms'
import { StatusMessage } from '../dashboard/status-message'
import { buttonClass, cardClass, cardTitleClass, secondaryButtonClass } from '../dashboard/styles'
import { useJobAction } from './use-job-action'

type Line = { kind: 'service'; service: string; hours: string } | { kind: 'course'; course: string; days: string } | { kind: 'free'; description: string; amount: string }

const newLine = (): Line => ({ kind: 'service', service: serviceRates[0]!.slug, hours: '' })

/** A rough price while typing (the server prices the lines itself from the catalogue). */
function preview(lines: Line[], vatPercent: number) {
  try {
    const priced = lines.map((l) => {
      const input: QuoteLineInput =
        l.kind === 'service' ? { kind: 'service', service: l.service, hours: Number(l.hours) } : l.kind === 'course' ? { kind: 'course', course: l.course, days: Number(l.days) } : { kind: 'free', description: l.description, amount: Number(l.amount) }
      const p = priceLine(input as Parameters<typeof priceLine>[0])
      return Number.isFinite(p.amountPence) ? p : { ...p, amountPence: 0 }
    })
    return quoteTotals(priced, vatPercent)
  } catch {
    return null
  }
}

function inDays(days: number): string {
  return today(new Date(Date.now() + days * 86_400_000))
}

/**
 * The consultancy writes a quote: lines of a catalogue service by the hour, a training course by the
 * day, or a free line with its amount; the date it is valid until; a note. The total with VAT shows
 * as the lines change. Sending it replaces any quote still waiting and mails the client.
 */
export function QuoteForm({ vatPercent, hasQuote }: { vatPercent: number; hasQuote: boolean }) {
  const formId = useId()
  const [lines, setLines] = useState<Line[]>([newLine()])
  const [validUntil, setValidUntil] = useState(inDays(30))
  const [note, setNote] = useState('')
  const send = useJobAction('send-quote', 'Quote sent', () => setLines([newLine()]))
  const totals = preview(lines, vatPercent)
  const set = (i: number, line: Line) => setLines((all) => all.map((l, j) => (j === i ? line : l)))
  const payload = JSON.stringify({
    lines: lines.map((l) => (l.kind === 'service' ? { kind: l.kind, service: l.service, hours: l.hours } : l.kind === 'course' ? { kind: l.kind, course: l.course, days: l.days } : { kind: l.kind, description: l.description, amount: l.amount })),
    validUntil,
    note: note || undefined,
  })
  return (
    <section aria-labelledby="quote-form-title" className={cardClass}>
      <h2 id="quote-form-title" className={cardTitleClass}>
        {hasQuote ? 'Send a new quote' : 'Write a quote'}
      </h2>
      <send.fetcher.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="send-quote" />
        <input type="hidden" name="quote" value={payload} />
        <fieldset className="space-y-3">
          <legend className="sr-only">Quote lines</legend>
          {lines.map((line, i) => (
            <div key={i} className="flex flex-wrap items-end gap-2" data-testid="quote-line">
              <div className="w-36">
                <label htmlFor={`${formId}-kind-${i}`} className={fieldLabelClass}>
                  Line {i + 1}
                </label>
                <select id={`${formId}-kind-${i}`}
                  className={controlClass}
                  value={line.kind}
                  onChange={(e) =>
                    set(i, e.target.value === 'service' ? newLine() : e.target.value === 'course' ? { kind: 'course', course: trainingCourses[0]!.name, days: '' } : { kind: 'free', description: '', amount: '' })
                  }
                >
                  <option value="service">Service</option>
                  <option value="course">Training course</option>
                  <option value="free">Other</option>
                </select>
              </div>
              {line.kind === 'service' ? (
                <>
                  <div className="min-w-48 flex-1">
                    <label htmlFor={`${formId}-service-${i}`} className={fieldLabelClass}>
                      Service<span className="sr-only">, line {i + 1}</span>
                    </label>
                    <select id={`${formId}-service-${i}`} className={controlClass} value={line.service} onChange={(e) => set(i, { ...line, service: e.target.value })}>
                      {serviceRates.map((s) => (
                        <option key={s.slug} value={s.slug}>
                          {s.name} (£{s.hourlyRate}/hr)
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="w-28">
                    <label htmlFor={`${formId}-hours-${i}`} className={fieldLabelClass}>
                      Hours<span className="sr-only">, line {i + 1}</span>
                    </label>
                    <input id={`${formId}-hours-${i}`} className={controlClass} inputMode="decimal" value={line.hours} onChange={(e) => set(i, { ...line, hours: e.target.value })} />
                  </div>
                </>
              ) : line.kind === 'course' ? (
                <>
                  <div className="min-w-48 flex-1">
                    <label htmlFor={`${formId}-course-${i}`} className={fieldLabelClass}>
                      Course<span className="sr-only">, line {i + 1}</span>
                    </label>
                    <select id={`${formId}-course-${i}`} className={controlClass} value={line.course} onChange={(e) => set(i, { ...line, course: e.target.value })}>
                      {trainingCourses.map((c) => (
                        <option key={c.name} value={c.name}>
                          {c.name} (£{c.dayPrice}/day)
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="w-28">
                    <label htmlFor={`${formId}-days-${i}`} className={fieldLabelClass}>
                      Days<span className="sr-only">, line {i + 1}</span>
                    </label>
                    <input id={`${formId}-days-${i}`} className={controlClass} inputMode="decimal" value={line.days} onChange={(e) => set(i, { ...line, days: e.target.value })} />
                  </div>
                </>
              ) : (
                <>
                  <div className="min-w-48 flex-1">
                    <label htmlFor={`${formId}-description-${i}`} className={fieldLabelClass}>
                      Description<span className="sr-only">, line {i + 1}</span>
                    </label>
                    <input id={`${formId}-description-${i}`} className={controlClass} value={line.description} onChange={(e) => set(i, { ...line, description: e.target.value })} />
                  </div>
                  <div className="w-28">
                    <label htmlFor={`${formId}-amount-${i}`} className={fieldLabelClass}>
                      Amount (£)<span className="sr-only">, line {i + 1}</span>
                    </label>
                    <input id={`${formId}-amount-${i}`} className={controlClass} inputMode="decimal" value={line.amount} onChange={(e) => set(i, { ...line, amount: e.target.value })} />
                  </div>
                </>
              )}
              {lines.length > 1 ? (
                <button type="button" className={secondaryButtonClass} onClick={() => setLines((all) => all.filter((_, j) => j !== i))} aria-label={`Remove line ${i + 1}`}>
                  Remove
                </button>
              ) : null}
            </div>
          ))}
          <ErrorList id="quote-lines-error" errors={send.errors.lines} />
          <button type="button" className={secondaryButtonClass} onClick={() => setLines((all) => [...all, newLine()])}>
            Add a line
          </button>
        </fieldset>
        <div className="flex flex-wrap gap-4">
          <div className="w-48">
            <label htmlFor={`${formId}-valid`} className={fieldLabelClass}>
              Valid until
            </label>
            <input id={`${formId}-valid`} type="date" className={controlClass} value={validUntil} min={today()} onChange={(e) => setValidUntil(e.target.value)} aria-invalid={send.errors.validUntil ? true : undefined} aria-describedby={send.errors.validUntil ? 'quote-valid-error' : undefined} />
          </div>
          <div className="min-w-64 flex-1">
            <label htmlFor={`${formId}-note`} className={fieldLabelClass}>
              Note to the client (optional)
            </label>
            <input id={`${formId}-note`} className={controlClass} value={note} onChange={(e) => setNote(e.target.value)} />
          </div>
        </div>
        <ErrorList id="quote-valid-error" errors={send.errors.validUntil} />
        <p className="text-sm" data-testid="quote-preview">
          {totals ? `Subtotal ${formatPence(totals.subtotalPence)} + VAT at ${vatPercent}% ${formatPence(totals.vatPence)} = ${formatPence(totals.totalPence)}` : ''}
        </p>
        <button type="submit" className={buttonClass} disabled={send.busy}>
          {send.busy ? 'Sending quote…' : 'Send quote'}
        </button>
        <StatusMessage status={send.status} testId="quote-form-status" />
      </send.fetcher.Form>
    </section>
  )
}
