import { graphqlRequest } from '../../../lib/api-client'

/** A token as the dashboard lists it: never its value, which the server does not keep. */
export interface ApiTokenRow {
  id: string
  name: string
  createdAt: string
  lastUsedAt: string | null
  expiresAt: string | null
}

export interface NewApiToken extends ApiTokenRow {
  /** Shown once, right after it is made. */
  token: string
}

/** The signed-in person's own tokens (GraphQL apiTokens). */
export async function fetchApiTokens(signal?: AbortSignal): Promise<ApiTokenRow[]> {
  const data = await graphqlRequest<{ apiTokens: ApiTokenRow[] }>('{ apiTokens { id name createdAt lastUsedAt expiresAt } }', {}, { signal })
  return data.apiTokens
}

export async function createApiToken(input: { name: string; expiresInDays: number }): Promise<NewApiToken> {
  const data = await graphqlRequest<{ createApiToken: Omit<NewApiToken, 'lastUsedAt'> }>(
    'mutation($name: String!, $days: Int) { createApiToken(name: $name, expiresInDays: $days) { id name createdAt expiresAt token } }',
    { name: input.name, days: input.expiresInDays },
  )
  return { ...data.createApiToken, lastUsedAt: null }
}

export async function revokeApiToken(id: string): Promise<void> {
  await graphqlRequest('mutation($id: ID!) { revokeApiToken(id: $id) }', { id })
}
