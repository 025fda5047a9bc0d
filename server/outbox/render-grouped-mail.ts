import type { MailAttachment } from '../mail/mail-message-schema'

/** One event of a mail group, as it was queued. */
export interface MailGroupEvent {
  /** When it happened (ISO). */
  at: string
  /** The mail's subject when it is sent alone. */
  subject: string
  /** Its line in a mail listing several events: "new message from the client". */
  title: string
  /** What happened, as the mail's body before the footer. */
  text: string
  /** Files the event's mail carries (a release's transmittal); a mail listing several events carries each event's. */
  attachments?: MailAttachment[]
}

/** What a grouped mail row carries besides the rendered mail (payload.group). */
export interface MailGroup {
  /** Names the group in the subject of a mail listing several events: "Bracket FEA (PO-2231)". */
  heading: string
  /** Closes the mail: a link, the signature (the newest event's footer). */
  footer: string
  events: MailGroupEvent[]
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
/** Every event's attachments, each once, in the order the events came; none: nothing to put in the payload. */
export function groupAttachments(group: MailGroup): { attachments?: MailAttachment[] } {
  const seen = new Set<string>()
  const attachments = group.events.flatMap((e) => e.attachments ?? []).filter((a) => {
    const key = JSON.stringify(a)
    return seen.has(key) ? false : (seen.add(key), true)
  })
  return attachments.length ? { attachments } : {}
}

/** "2026-11-26 14:05 UTC": the same for every reader, whatever the server's time zone. */
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`

/**
 * The mail a group's events make: one event reads exactly as it would alone; several are listed, oldest
 * first, each with its time and its text, under one subject that counts them.
 */
export function renderGroupedMail(group: MailGroup): { subject: string; text: string } {
  const { events } = group
  if (events.length === 1) return { subject: events[0]!.subject, text: `${events[0]!.text}\n\n${group.footer}` }
  const listed = events.map((e, i) => `${i + 1}. ${capitalise(e.title)} (${when(e.at)})\n\n${e.text}`).join('\n\n\n')
  return { subject: `${group.heading}: ${events.length} updates`, text: `${events.length} updates:\n\n${listed}\n\n\n${group.footer}` }
}
