import { getFormProps, getInputProps, getSelectProps, type FieldMetadata } from '@conform-to/react'
import { serviceRates, trainingCourses } from '../../../lib/catalogue'
import { formatPence, priceLine, quoteLineError, quoteLineSchema, quoteSchema, quoteTotals, today } from '../../../lib/quote-schema'
import { ErrorList, Field, SelectField } from '../../components/forms'
import { StatusMessage } from '../../components/portal/status-message'
import { buttonClass, secondaryButtonClass } from '../../components/portal/styles'
import { useJobAction } from './use-job-action'
import { PortalCard } from '../../components/portal/portal-card'
import { useSchemaForm } from '../../components/use-schema-form'

type LineKind = 'service' | 'course' | 'free'
type LineValues = Partial<Record<'kind' | 'service' | 'hours' | 'course' | 'days' | 'description' | 'amount', string>>

const firstLineOf = (kind: LineKind): LineValues =>
  kind === 'service' ? { kind, service: serviceRates[0]!.slug, hours: '' } : kind === 'course' ? { kind, course: trainingCourses[0]!.name, days: '' } : { kind, description: '', amount: '' }

/** A rough price while typing (the server prices the lines itself from the catalogue); a line not yet valid counts 0. */
function preview(lines: LineValues[], vatPercent: number) {
  const priced = lines.map((line) => {
    const parsed = quoteLineSchema.safeParse(line)
    return parsed.success ? priceLine(parsed.data) : { amountPence: 0 }
  })
  return quoteTotals(priced as ReturnType<typeof priceLine>[], vatPercent)
}

function inDays(days: number): string {
  return today(new Date(Date.now() + days * 86_400_000))
}

/*
 * Adding and removing lines are Conform intents dispatched from plain buttons (type="button"): as
 * submit buttons they would come first in the form, and Enter in a field would remove a line.
 */

/**
 * The consultancy writes a quote: lines of a catalogue service by the hour, a training course by the
 * day, or a free line with its amount; the date it is valid until; a note. The total with VAT shows
 * as the lines change. Sending it replaces any quote still waiting and mails the client. The fields
 * are the quote schema's, checked in the browser and again by the server, and an error on a line
 * shows beside that line's control ("Line 2: hours must be more than 0").
 */
export function QuoteForm({ vatPercent, hasQuote }: { vatPercent: number; hasQuote: boolean }) {
  const send = useJobAction('send-quote', 'Quote sent')
  const [form, fields] = useSchemaForm(quoteSchema, {
    id: 'send-quote',
    lastResult: send.lastResult,
    defaultValue: { lines: [firstLineOf('service')], validUntil: inDays(30), note: '' },
  })
  const lines = fields.lines.getFieldList()
  const values = (form.value?.lines ?? []) as LineValues[]
  const totals = preview(values, vatPercent)
  return (
    <PortalCard titleId="quote-form-title" title={hasQuote ? 'Send a new quote' : 'Write a quote'}>
      <send.fetcher.Form method="post" className="space-y-4" {...getFormProps(form)} aria-labelledby="quote-form-title" aria-describedby={undefined}>
        <input type="hidden" name="intent" value="send-quote" />
        <fieldset className="space-y-3">
          <legend className="sr-only">Quote lines</legend>
          {lines.map((line, i) => (
            <QuoteLine
              key={line.key}
              line={line as unknown as FieldMetadata<LineValues>}
              index={i}
              onKind={(kind) => form.update({ name: line.name, value: firstLineOf(kind) })}
              onRemove={lines.length > 1 ? () => form.remove({ name: fields.lines.name, index: i }) : null}
            />
          ))}
          <ErrorList id={fields.lines.errorId} errors={fields.lines.errors} />
          <button type="button" className={secondaryButtonClass} onClick={() => form.insert({ name: fields.lines.name, defaultValue: firstLineOf('service') })}>
            Add a line
          </button>
        </fieldset>
        <div className="flex flex-wrap gap-4">
          <Field className="w-48" label="Valid until" errors={fields.validUntil.errors} inputProps={{ ...getInputProps(fields.validUntil, { type: 'date', ariaAttributes: false }), min: today() }} />
          <Field className="min-w-64 flex-1" label="Note to the client (optional)" errors={fields.note.errors} inputProps={getInputProps(fields.note, { type: 'text', ariaAttributes: false })} />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <p className="text-sm" data-testid="quote-preview">
          Subtotal {formatPence(totals.subtotalPence)} + VAT at {vatPercent}% {formatPence(totals.vatPence)} = {formatPence(totals.totalPence)}
        </p>
        <button type="submit" className={buttonClass} disabled={send.busy}>
          {send.busy ? 'Sending quote…' : 'Send quote'}
        </button>
        <StatusMessage status={send.status} testId="quote-form-status" />
      </send.fetcher.Form>
    </PortalCard>
  )
}

/** One line of the quote: its kind, then the service and hours, the course and days, or a description and amount. */
function QuoteLine({
  line,
  index,
  onKind,
  onRemove,
}: {
  line: FieldMetadata<LineValues>
  index: number
  onKind: (kind: LineKind) => void
  /** Null while the line is the only one. */
  onRemove: (() => void) | null
}) {
  const f = line.getFieldset()
  const kind = (f.kind.value ?? 'service') as LineKind
  const n = index + 1
  const errorsOf = (field: { errors?: string[] }) => field.errors?.map((message) => quoteLineError(index, message))
  const on = <span className="sr-only">, line {n}</span>
  const quantity = kind === 'service' ? f.hours : kind === 'course' ? f.days : f.amount
  return (
    <div className="flex flex-wrap items-start gap-2" data-testid="quote-line">
      <SelectField
        className="w-36"
        label={`Line ${n}`}
        errors={errorsOf(f.kind)}
        selectProps={{ ...getSelectProps(f.kind, { ariaAttributes: false }), onChange: (e) => onKind(e.target.value as LineKind) }}
      >
        <option value="service">Service</option>
        <option value="course">Training course</option>
        <option value="free">Other</option>
      </SelectField>
      {kind === 'service' ? (
        <SelectField key={f.service.key} className="min-w-48 flex-1" label={<>Service{on}</>} errors={errorsOf(f.service)} selectProps={getSelectProps(f.service, { ariaAttributes: false })}>
          {serviceRates.map((s) => (
            <option key={s.slug} value={s.slug}>
              {s.name} (£{s.hourlyRate}/hr)
            </option>
          ))}
        </SelectField>
      ) : kind === 'course' ? (
        <SelectField key={f.course.key} className="min-w-48 flex-1" label={<>Course{on}</>} errors={errorsOf(f.course)} selectProps={getSelectProps(f.course, { ariaAttributes: false })}>
          {trainingCourses.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name} (£{c.dayPrice}/day)
            </option>
          ))}
        </SelectField>
      ) : (
        <Field key={f.description.key} className="min-w-48 flex-1" label={<>Description{on}</>} errors={errorsOf(f.description)} inputProps={getInputProps(f.description, { type: 'text', ariaAttributes: false })} />
      )}
      <Field
        key={quantity.key}
        className="w-28"
        label={
          <>
            {kind === 'service' ? 'Hours' : kind === 'course' ? 'Days' : 'Amount (£)'}
            {on}
          </>
        }
        errors={errorsOf(quantity)}
        inputProps={{ ...getInputProps(quantity, { type: 'text', ariaAttributes: false }), inputMode: 'decimal' }}
      />
      {onRemove ? (
        <button type="button" onClick={onRemove} className={`${secondaryButtonClass} mt-6`} aria-label={`Remove line ${n}`}>
          Remove
        </button>
      ) : null}
      <ErrorList id={line.errorId} errors={errorsOf(line)} />
    </div>
  )
}
