import { describe, expect, it } from 'vitest'
import { formatDiscordMessage, formatNotificationText } from './format-discord-message'

describe('formatDiscordMessage', () => {
  it('turns a job request into a headline, a body and fields', () => {
    const message = formatDiscordMessage('job-request', { summary: 'Bracket FEA', userEmail: 'c@example.test', budget: 1200, description: 'Static analysis of a bracket.' }, new Date('2026-01-02T03:04:05Z'))
    expect(message).toEqual({
      content: '**New job request**: Bracket FEA',
      username: 'Meshwork Engineering',
      embeds: [
        {
          title: 'New job request',
          description: 'Static analysis of a bracket.',
          fields: [
            { name: 'User Email', value: 'c@example.test', inline: true },
            { name: 'Budget', value: '1200', inline: true },
          ],
          timestamp: '2026-01-02T03:04:05.000Z',
        },
      ],
      allowed_mentions: { parse: [] },
    })
  })

  it('spells out an unknown kind and keeps within Discord limits', () => {
    const message = formatDiscordMessage('file_uploaded', { message: 'x'.repeat(5000), note: 'y'.repeat(2000) })
    expect(message.content).toBe('**File uploaded**')
    expect(message.embeds![0]!.description).toHaveLength(4096)
    expect(message.embeds![0]!.fields![0]!.value).toHaveLength(1024)
  })

  it('reads as one line in the log', () => {
    expect(formatNotificationText('contact', { name: 'Ada', message: 'Hello' })).toBe('New contact message | Name: Ada | Hello')
  })
})
