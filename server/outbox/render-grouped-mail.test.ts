import { describe, expect, it } from 'vitest'
import { groupAttachments, renderGroupedMail, type MailGroupEvent } from './render-grouped-mail'

const event = (n: number) => ({ at: `2026-11-26T14:0${n}:30.000Z`, subject: `Bracket FEA (PO-7): new message from the client`, title: 'new message from the client', text: `The client wrote on the job:\n\nmessage ${n}` })

describe('renderGroupedMail', () => {
  it('reads one event exactly as the mail it would be alone', () => {
    expect(renderGroupedMail({ heading: 'Bracket FEA (PO-7)', footer: 'Open the job: https://example.test/profile/jobs/1', events: [event(1)] })).toEqual({
      subject: 'Bracket FEA (PO-7): new message from the client',
      text: 'The client wrote on the job:\n\nmessage 1\n\nOpen the job: https://example.test/profile/jobs/1',
    })
  })

  it('lists several events, oldest first, with their times, under one subject that counts them', () => {
    const mail = renderGroupedMail({ heading: 'Bracket FEA (PO-7)', footer: 'Open the job: https://example.test/profile/jobs/1', events: [event(1), event(2), event(3)] })
    expect(mail.subject).toBe('Bracket FEA (PO-7): 3 updates')
    expect(mail.text).toBe(
      [
        '3 updates:',
        '1. New message from the client (2026-11-26 14:01 UTC)\n\nThe client wrote on the job:\n\nmessage 1',
        '2. New message from the client (2026-11-26 14:02 UTC)\n\nThe client wrote on the job:\n\nmessage 2',
        '3. New message from the client (2026-11-26 14:03 UTC)\n\nThe client wrote on the job:\n\nmessage 3',
        'Open the job: https://example.test/profile/jobs/1',
      ].join('\n\n\n').replace('3 updates:\n\n\n', '3 updates:\n\n'),
    )
  })

  it("carries every event's attachments, each once, and none when no event has one", () => {
    const jobId = '7f1c2a4e-0000-4000-8000-000000000002'
    const first = { kind: 'transmittal' as const, jobId, release: 1 }
    const second = { kind: 'transmittal' as const, jobId, release: 2 }
    const group = (events: MailGroupEvent[]) => ({ heading: 'Bracket FEA (PO-7)', footer: 'Open the job', events })
    expect(groupAttachments(group([{ ...event(1), attachments: [first] }, event(2), { ...event(3), attachments: [first, second] }]))).toEqual({ attachments: [first, second] })
    expect(groupAttachments(group([event(1), event(2)]))).toEqual({})
  })
})
