import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'
import { cn } from './ui/cn'

/**
 * The fields of the site's forms: a label, the control, an optional hint and the field's errors,
 * wired for assistive technology in one place. The control names its errors first, then its hint,
 * in `aria-describedby`, and carries `aria-invalid` while it has an error, so a screen reader that
 * lands on the field (forms move the focus to the first field in error) reads what to fix.
 */

export type ListOfErrors = Array<string | null | undefined> | null | undefined

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--color-highlight)'
export const controlClass = `w-full rounded-md border border-(--color-border) bg-(--color-background) px-3 py-2 text-(--color-text) placeholder:text-(--color-light) aria-[invalid=true]:border-(--color-red) ${focusRing}`
/** A slider is drawn by the browser in the site's colour, without the text box around it. */
const rangeClass = `w-full accent-(--color-highlight) ${focusRing}`
export const fieldLabelClass = 'block text-sm font-medium text-(--color-light)'

/** The errors of one field (or a whole form), one per line, in the theme's red (legible on every theme's background and card). */
export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const shown = errors?.filter((e): e is string => Boolean(e))
  if (!shown?.length) return null
  return (
    <ul id={id} className="mt-1 flex flex-col gap-0.5 text-sm text-(--color-red)" data-field-errors="">
      {shown.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  )
}

/** The ids a field's control points at, and its invalid state. */
function useFieldWiring(id: string | undefined, errors: ListOfErrors, hint: ReactNode, describedBy: string | undefined) {
  const fallbackId = useId()
  const controlId = id ?? fallbackId
  const errorId = `${controlId}-error`
  const hintId = `${controlId}-hint`
  const invalid = Boolean(errors?.some(Boolean))
  // A form library may already name the error id; it is named once, first.
  const others = (describedBy ?? '').split(' ').filter((part) => part && part !== errorId)
  const ids = [invalid ? errorId : null, hint ? hintId : null, ...others].filter(Boolean)
  return {
    controlId,
    errorId,
    hintId,
    aria: { 'aria-invalid': invalid ? true : undefined, 'aria-describedby': ids.length ? ids.join(' ') : undefined } as const,
  }
}

interface FieldFrameProps {
  label: ReactNode
  errors?: ListOfErrors
  /** A sentence under the control that says what to type; read after the errors. */
  hint?: ReactNode
  className?: string
  /** Shown under the control (a checklist, say). */
  children?: ReactNode
}

export interface FieldProps extends FieldFrameProps {
  inputProps: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement>; key?: string }
}

/** A labelled input with its hint and errors. */
export function Field({ inputProps, ...frame }: FieldProps) {
  const { key: _key, id, className, 'aria-describedby': describedBy, 'aria-invalid': _invalid, ...input } = inputProps
  return <FieldFrame {...frame} id={id} describedBy={describedBy} control={(wiring) => <input id={wiring.controlId} className={cn('mt-1', input.type === 'range' ? rangeClass : controlClass, className)} {...input} {...wiring.aria} />} />
}

export interface TextareaFieldProps extends FieldFrameProps {
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { key?: string }
}

/** A labelled text area with its hint and errors. */
export function TextareaField({ textareaProps, ...frame }: TextareaFieldProps) {
  const { key: _key, id, className, 'aria-describedby': describedBy, 'aria-invalid': _invalid, ...textarea } = textareaProps
  return (
    <FieldFrame {...frame} id={id} describedBy={describedBy} control={(wiring) => <textarea id={wiring.controlId} className={cn('mt-1', controlClass, className)} {...textarea} {...wiring.aria} />} />
  )
}

export interface SelectFieldProps extends FieldFrameProps {
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { key?: string }
  children: ReactNode
}

/** A labelled choice from a list (its options are the children), with its hint and errors. */
export function SelectField({ selectProps, children, ...frame }: SelectFieldProps) {
  const { key: _key, id, className, 'aria-describedby': describedBy, 'aria-invalid': _invalid, ...select } = selectProps
  return (
    <FieldFrame
      {...frame}
      id={id}
      describedBy={describedBy}
      control={(wiring) => (
        <select id={wiring.controlId} className={cn('mt-1', controlClass, className)} {...select} {...wiring.aria}>
          {children}
        </select>
      )}
    />
  )
}

/** The label, hint and errors around one control, and the wiring between them. */
function FieldFrame({
  label,
  errors,
  hint,
  className,
  children,
  id,
  describedBy,
  control,
}: FieldFrameProps & { id?: string; describedBy?: string; control: (wiring: ReturnType<typeof useFieldWiring>) => ReactNode }) {
  const wiring = useFieldWiring(id, errors, hint, describedBy)
  return (
    <div className={className}>
      <label htmlFor={wiring.controlId} className={fieldLabelClass}>
        {label}
      </label>
      {control(wiring)}
      {hint ? (
        <p id={wiring.hintId} className="mt-1 text-xs text-(--color-light)">
          {hint}
        </p>
      ) : null}
      {children}
      <ErrorList id={wiring.errorId} errors={errors} />
    </div>
  )
}

/** Moves the focus to the first control in error of a form, so a keyboard user lands where the fix is. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
}
