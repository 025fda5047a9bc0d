import { useId, useMemo, useRef, useState } from 'react'
import { inputClass, labelClass, secondaryButtonClass } from '../../components/portal/styles'
import type { ClientOption } from './types'

/**
 * The admin's client picker: a searchable combobox (WAI-ARIA combobox with a list popup), listing each
 * client company's members together with their roles. Typing filters by email, name or company;
 * arrow keys move, Enter picks, Escape closes.
 */
export function ClientSelector({ clients, selectedId, onSelect }: { clients: ClientOption[]; selectedId: string | null; onSelect: (id: string | null) => void }) {
  const id = useId()
  const listId = `${id}-list`
  const selected = clients.find((c) => c.id === selectedId) ?? null
  const [query, setQuery] = useState(selected ? describe(selected) : '')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const input = useRef<HTMLInputElement>(null)

  const matches = useMemo(() => {
    const q = query.trim().toLowerCase()
    if (!q || (selected && q === describe(selected).toLowerCase())) return clients
    return clients.filter((c) => [c.email, c.name, c.companyName].some((v) => v.toLowerCase().includes(q)))
  }, [clients, query, selected])

  const pick = (client: ClientOption) => {
    setQuery(describe(client))
    setOpen(false)
    onSelect(client.id)
  }

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      if (!open) setOpen(true)
      else setActive((i) => Math.min(i + 1, matches.length - 1))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((i) => Math.max(i - 1, 0))
    } else if (event.key === 'Enter') {
      if (open && matches[active]) {
        event.preventDefault()
        pick(matches[active])
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault()
        setOpen(false)
      }
    }
  }

  return (
    <div className="relative max-w-xl">
      <label htmlFor={`${id}-input`} className={labelClass}>
        Client
      </label>
      <div className="mt-1 flex gap-2">
        <input
          ref={input}
          id={`${id}-input`}
          className={inputClass}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && matches[active] ? `${id}-opt-${matches[active].id}` : undefined}
          placeholder="Search clients by email, name or company"
          autoComplete="off"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value)
            setActive(0)
            setOpen(true)
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {selected ? (
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => {
              setQuery('')
              onSelect(null)
              input.current?.focus()
            }}
          >
            Clear
          </button>
        ) : null}
      </div>
      <ul id={listId} role="listbox" aria-label="Clients" hidden={!open} className="absolute z-30 mt-1 max-h-72 w-full overflow-auto rounded-md border border-(--color-border) bg-(--color-foreground) py-1 shadow-lg">
        {matches.length === 0 ? (
          <li role="option" aria-disabled="true" aria-selected="false" className="px-3 py-2 text-sm text-(--color-light)">
            No matching clients
          </li>
        ) : (
          matches.map((client, i) => (
            <li
              key={client.id}
              id={`${id}-opt-${client.id}`}
              role="option"
              aria-selected={client.id === selectedId}
              className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-(--color-shade)' : ''}`}
              // mousedown, not click: the input's blur would close the list before a click lands.
              onMouseDown={(e) => {
                e.preventDefault()
                pick(client)
              }}
              onMouseEnter={() => setActive(i)}
            >
              <span className="font-medium">{client.email}</span>
              {client.name || client.companyName ? <span className="ml-2 text-(--color-light)">{[client.name, client.companyName].filter(Boolean).join(' · ')}</span> : null}
              {client.role ? <span className="ml-2 text-(--color-light)">({client.role.toLowerCase()})</span> : null}
            </li>
          ))
        )}
      </ul>
    </div>
  )
}

function describe(client: ClientOption): string {
  return client.email
}
