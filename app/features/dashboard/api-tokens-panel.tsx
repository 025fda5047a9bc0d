import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react'
import { useEffect, useId, useRef, useState } from 'react'
import { ApiError } from '../../../lib/api-client'
import { API_TOKEN_DEFAULT_DAYS, API_TOKEN_MAX_DAYS, API_TOKEN_NAME_MAX_LENGTH, createApiTokenSchema } from '../../../lib/api-token-schema'
import { createApiToken, fetchApiTokens, revokeApiToken, type ApiTokenRow, type NewApiToken } from './api-tokens-api'
import { ConfirmDelete } from '../../components/portal/confirm-delete'
import { Field, SelectField } from '../../components/forms'
import { firstError, FormStatus, useAuthApiForm, useFocusLater } from '../account-security'
import { buttonClass, inputClass, labelClass, secondaryButtonClass } from '../../components/portal/styles'
import { useStatus } from '../../components/portal/use-status'
import { stackedTable } from '../../components/portal/stacked-table'
import { PortalTable } from '../../components/portal/portal-table'
import { DateTimeText } from '../../components/portal/date-time-text'
import { useSchemaForm } from '../../components/use-schema-form'

/** The lifetimes offered; the server caps any other at API_TOKEN_MAX_DAYS. */
const lifetimes = [30, API_TOKEN_DEFAULT_DAYS, 180, API_TOKEN_MAX_DAYS]

type ListState = { status: 'loading' | 'ready' | 'error'; tokens: ApiTokenRow[] }

/** Words for a failed GraphQL call, never the server's internals. */
function problemText(error: unknown, doing: string): string {
  if (error instanceof ApiError) {
    if (error.code === 'UNAUTHORIZED') return 'Your session has ended. Please sign in again.'
    if (error.code === 'BAD_REQUEST' || error.code === 'NOT_FOUND' || error.code === 'TOO_MANY_REQUESTS') return error.message
    if (error.code === 'NETWORK') return 'The server could not be reached. Please try again.'
  }
  return `The token could not be ${doing}. Please try again.`
}

/**
 * "API tokens" in the "Sign-in and security" card: the signed-in person's own tokens for scripts
 * (Authorization: Bearer <token>), made and revoked here. A new token is shown once, with a copy
 * button; the server keeps only its hash. `version` changes when the password, the sign-in email or
 * two-factor sign-in changed, which revokes every token on the server: the list is read again.
 */
export function ApiTokensPanel({ version }: { version: number }) {
  const id = useId()
  const [list, setList] = useState<ListState>({ status: 'loading', tokens: [] })
  const [reload, setReload] = useState(0)
  const [created, setCreated] = useState<NewApiToken | null>(null)
  const [revoking, setRevoking] = useState<string | null>(null)
  // "Copied to the clipboard." is a status like the others: it clears after the status time-out.
  const copied = useStatus()
  const api = useAuthApiForm()
  const { busy, setStatus } = api
  const focusLater = useFocusLater()
  const tokenRef = useRef<HTMLInputElement>(null)
  const listHeadingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    const controller = new AbortController()
    setList((current) => ({ status: 'loading', tokens: current.tokens }))
    fetchApiTokens(controller.signal).then(
      (tokens) => setList({ status: 'ready', tokens }),
      () => {
        if (!controller.signal.aborted) setList({ status: 'error', tokens: [] })
      },
    )
    return () => controller.abort()
  }, [version, reload])

  // A token shown once stops working when the password or email changes: stop showing it.
  useEffect(() => setCreated(null), [version])

  // The new token takes the focus, selected, so it can be copied at once.
  useEffect(() => {
    if (!created) return
    tokenRef.current?.focus()
    tokenRef.current?.select()
  }, [created])

  // The token's name and lifetime through the schema the server's createApiToken parses them with.
  const [form, fields] = useSchemaForm(createApiTokenSchema, {
    id: `${id}-create-token`,
    lastResult: api.lastResult,
    defaultValue: { name: '', expiresInDays: String(API_TOKEN_DEFAULT_DAYS) },
    async onSubmit(event, { submission }) {
      event.preventDefault()
      if (busy) return
      api.clearStatus()
      copied.clear()
      if (submission?.status !== 'success') return
      try {
        const token = await api.whileBusy(() => createApiToken(submission.value))
        api.done(submission)
        setCreated(token)
        setList((current) => ({ status: current.status === 'error' ? 'error' : 'ready', tokens: [token, ...current.tokens] }))
        setStatus({ text: `Token “${token.name}” created. Copy it now: it is shown only once.`, tone: 'success' })
      } catch (error) {
        if (error instanceof ApiError && error.code === 'BAD_REQUEST') return api.refuse(submission, 'name', error.message)
        setStatus({ text: problemText(error, 'created'), tone: 'error' })
      }
    },
  })

  async function revoke(token: ApiTokenRow) {
    api.clearStatus()
    setRevoking(token.id)
    try {
      await revokeApiToken(token.id)
      setList((current) => ({ ...current, tokens: current.tokens.filter((t) => t.id !== token.id) }))
      if (created?.id === token.id) setCreated(null)
      setStatus({ text: `Token “${token.name}” revoked. Scripts using it no longer get in.`, tone: 'success' })
    } catch (error) {
      setStatus({ text: problemText(error, 'revoked'), tone: 'error' })
    } finally {
      setRevoking(null)
      // The row (and its button) may be gone: keep the focus in the panel.
      listHeadingRef.current?.focus()
    }
  }

  async function copy() {
    if (!created) return
    try {
      await navigator.clipboard.writeText(created.token)
      copied.show('Copied to the clipboard.', 'success')
    } catch {
      tokenRef.current?.select()
      copied.show('Select the token and press Ctrl+C (⌘C on a Mac) to copy it.', 'error')
    }
  }

  const ids = { title: `${id}-title`, intro: `${id}-intro`, name: `${id}-name`, days: `${id}-days`, token: `${id}-token`, list: `${id}-list` }
  let body: React.ReactNode
  if (list.status === 'error') {
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p role="alert">The API tokens could not be loaded.</p>
        <button type="button" className={secondaryButtonClass} onClick={() => setReload((n) => n + 1)}>
          Try again
        </button>
      </div>
    )
  } else if (list.status === 'loading' && list.tokens.length === 0) {
    body = <p aria-busy="true">Loading API tokens…</p>
  } else if (list.tokens.length === 0) {
    body = <p>No API tokens</p>
  } else {
    body = (
      <div className="md:overflow-x-auto md:rounded-md md:border md:border-(--color-border)" aria-busy={list.status === 'loading'}>
        <PortalTable columns={['Name', 'Created', 'Last used', 'Expires']} actions className="md:min-w-[36rem]" labelledBy={ids.list}>
          {list.tokens.map((token) => (
            <tr key={token.id} className={`${stackedTable.row} align-top`} data-testid="api-token-row">
              <td className={`${stackedTable.cell} break-all`} data-label="Name">{token.name}</td>
              <td className={`${stackedTable.cell} whitespace-nowrap`} data-label="Created">
                <DateTimeText value={token.createdAt} />
              </td>
              <td className={`${stackedTable.cell} whitespace-nowrap`} data-label="Last used">{token.lastUsedAt ? <DateTimeText value={token.lastUsedAt} /> : 'Never'}</td>
              <td className={`${stackedTable.cell} whitespace-nowrap`} data-label="Expires">{token.expiresAt ? <DateTimeText value={token.expiresAt} /> : 'Never'}</td>
              <td className={stackedTable.cell}>
                <ConfirmDelete
                  verb="Revoke"
                  what={`the API token “${token.name}”`}
                  consequence="Scripts using it stop working. It cannot be undone."
                  disabled={revoking !== null}
                  onConfirm={() => void revoke(token)}
                >
                  {revoking === token.id ? 'Revoking…' : 'Revoke'}
                </ConfirmDelete>
              </td>
            </tr>
          ))}
        </PortalTable>
      </div>
    )
  }

  return (
    <section aria-labelledby={ids.title} className="mt-8 flex flex-col gap-4 border-t border-(--color-border) pt-6" data-testid="api-tokens">
      <h3 id={ids.title} className="text-lg font-semibold">
        API tokens
      </h3>
      <p id={ids.intro} className="text-sm text-(--color-light)">
        Scripts send a token as <code>Authorization: Bearer &lt;token&gt;</code> and act as you. A token ends on its expiry date or when you revoke it; changing your password or
        sign-in email, or turning two-factor sign-in on or off, revokes them all.
      </p>
      <h4 id={ids.list} ref={listHeadingRef} tabIndex={-1} className="font-medium">
        Your tokens
      </h4>
      {body}
      {created ? (
        <div role="group" aria-labelledby={`${ids.token}-label`} className="rounded-md border border-(--color-highlight) p-4" data-testid="new-api-token">
          <label id={`${ids.token}-label`} htmlFor={ids.token} className={labelClass}>
            Your new token “{created.name}”: copy it now, it will not be shown again
          </label>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <input ref={tokenRef} id={ids.token} className={`${inputClass} font-mono sm:flex-1`} value={created.token} readOnly spellCheck={false} autoComplete="off" onFocus={(e) => e.target.select()} />
            <button type="button" className={buttonClass} onClick={() => void copy()}>
              Copy
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => {
                setCreated(null)
                copied.clear()
                focusLater(fields.name.id)
              }}
            >
              Done
            </button>
          </div>
          <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-(--color-light)">
            {copied.status.text}
          </p>
        </div>
      ) : null}
      <form {...getFormProps(form)} aria-label="Create an API token" aria-describedby={undefined} className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <Field
          key={fields.name.key}
          className="sm:flex-1"
          label="Token name"
          hint="What uses it, e.g. “Nightly results sync”."
          errors={firstError(fields.name.errors)}
          inputProps={{ ...getInputProps(fields.name, { type: 'text', ariaAttributes: false }), maxLength: API_TOKEN_NAME_MAX_LENGTH + 20, autoComplete: 'off' }}
        />
        <SelectField key={fields.expiresInDays.key} label="Expires after" errors={firstError(fields.expiresInDays.errors)} selectProps={getSelectProps(fields.expiresInDays, { ariaAttributes: false })}>
          {lifetimes.map((d) => (
            <option key={d} value={d}>
              {d} days
            </option>
          ))}
        </SelectField>
        <button type="submit" className={buttonClass} disabled={busy}>
          {busy ? 'Creating…' : 'Create token'}
        </button>
      </form>
      <FormStatus status={api.status} testId="api-tokens-status" />
    </section>
  )
}
