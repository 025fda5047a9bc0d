import { z } from '../../lib/zod'

/**
 * A file a mail carries, described rather than stored: the outbox row stays small, and the sender
 * renders the file as it sends the mail. 'transmittal': the PDF transmittal of a job's release.
 */
export const mailAttachmentSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('transmittal'),
    jobId: z.uuid(),
    release: z.number().int().positive(),
  }),
])

export type MailAttachment = z.infer<typeof mailAttachmentSchema>

/** A release's mail carries its transmittal: the entry names it, and the PDF is rendered as the mail is sent. */
export function transmittalAttachment(jobId: string, release: number): MailAttachment {
  return { kind: 'transmittal', jobId, release }
}

/**
 * The payload of an outbox row with channel 'mail' (see server/outbox/enqueue.ts).
 * Checked by the worker before sending: a row that does not match is marked dead at once.
 */
export const mailMessageSchema = z.object({
  to: z.email(),
  subject: z.string().trim().min(1).max(300),
  text: z.string().min(1),
  html: z.string().min(1).optional(),
  /** Files to render and attach as the mail is sent. */
  attachments: z.array(mailAttachmentSchema).max(20).optional(),
})

export type MailMessage = z.infer<typeof mailMessageSchema>

/** A file attached to a mail as it is sent: its name, its bytes and their type. */
export interface MailFile {
  filename: string
  content: Buffer
  contentType: string
}
