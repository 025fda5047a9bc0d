import { site } from '../../lib/site'

/** The JSON body of a Discord webhook execution (https://discord.com/developers/docs/resources/webhook). */
export interface DiscordMessage {
  content: string
  username?: string
  embeds?: Array<{ title?: string; description?: string; fields?: Array<{ name: string; value: string; inline?: boolean }>; timestamp?: string }>
  allowed_mentions?: { parse: string[] }
}

const TITLES: Record<string, string> = {
  contact: 'New contact message',
  'job-request': 'New job request',
  'job-request-updated': 'Job request updated',
  'job-request-deleted': 'Job request deleted',
  chat: 'New chat message',
  activity: 'Site activity',
  'wallet-disconnect': 'Wallet disconnected',
  'user-signed-up': 'New user signed up',
}

// Discord's limits: content 2000, embed title 256, description 4096, 25 fields of 256/1024.
const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max - 1) + '…' : text)
const LONG_TEXT_KEYS = ['message', 'text', 'description', 'body', 'content']

/**
 * A readable notification from an outbox row: a headline from its kind, the long text of the payload
 * (message, text, description...) as the description, and every other field as a name/value pair.
 * A string `summary` in the payload replaces the generated headline.
 */
export function formatDiscordMessage(kind: string, payload: Record<string, unknown>, createdAt?: Date): DiscordMessage {
  const title = TITLES[kind] ?? kind.replace(/[-_]+/g, ' ').replace(/^./, (c) => c.toUpperCase())
  const summary = typeof payload.summary === 'string' ? payload.summary : undefined
  const longKey = LONG_TEXT_KEYS.find((k) => typeof payload[k] === 'string' && (payload[k] as string).trim())
  const fields = Object.entries(payload)
    .filter(([key, value]) => key !== 'summary' && key !== longKey && value !== undefined && value !== null && value !== '')
    .slice(0, 25)
    .map(([key, value]) => ({
      name: clip(humanise(key), 256),
      value: clip(typeof value === 'string' ? value : JSON.stringify(value), 1024),
      inline: typeof value !== 'object' && String(value).length <= 40,
    }))
  return {
    content: clip(`**${title}**${summary ? `: ${summary}` : ''}`, 2000),
    username: site.companyName,
    embeds: [
      {
        title: clip(title, 256),
        ...(longKey ? { description: clip(String(payload[longKey]), 4096) } : {}),
        ...(fields.length ? { fields } : {}),
        ...(createdAt ? { timestamp: createdAt.toISOString() } : {}),
      },
    ],
    // Text typed by visitors must never ping @everyone on the team's server.
    allowed_mentions: { parse: [] },
  }
}

/** The same message as one line of text, for the log when no webhook is configured. */
export function formatNotificationText(kind: string, payload: Record<string, unknown>): string {
  const message = formatDiscordMessage(kind, payload)
  const embed = message.embeds?.[0]
  const parts = [message.content.replace(/\*\*/g, '')]
  for (const field of embed?.fields ?? []) parts.push(`${field.name}: ${field.value}`)
  if (embed?.description) parts.push(embed.description)
  return parts.join(' | ')
}

function humanise(key: string) {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .replace(/^./, (c) => c.toUpperCase())
}
