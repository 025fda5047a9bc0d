import type { Address } from 'viem'

async function graphql<T>(query: string, variables?: Record<string, unknown>): Promise<T | undefined> {
  const res = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ query, variables }),
  })
  if (!res.ok) return undefined
  const body = (await res.json()) as { data?: T; errors?: unknown[] }
  return body.errors?.length ? undefined : body.data
}

/** The signed-in client's stored Ethereum address (user attribute custom_EthereumAddress), if any. */
export async function readProfileEthereumAddress(): Promise<string | null> {
  try {
    const data = await graphql<{ me: { attributes: { custom_EthereumAddress: string | null } } | null }>('{ me { attributes { custom_EthereumAddress } } }')
    return data?.me?.attributes.custom_EthereumAddress ?? null
  } catch {
    return null
  }
}

/**
 * Saves the connected address as the signed-in client's Ethereum address through the portal's
 * updateProfile mutation. True when it was saved.
 */
export async function saveProfileEthereumAddress(address: Address): Promise<boolean> {
  try {
    const data = await graphql<{ updateProfile: { __typename: string } }>(
      'mutation SaveWalletAddress($input: ProfileInput!) { updateProfile(input: $input) { __typename } }',
      { input: { custom_EthereumAddress: address } },
    )
    return !!data?.updateProfile
  } catch {
    return false
  }
}
