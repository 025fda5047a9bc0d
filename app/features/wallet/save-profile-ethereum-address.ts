import type { Address } from 'viem'

/**
 * Saves the connected address as the signed-in client's Ethereum address (user attribute
 * custom_EthereumAddress) through the portal's updateProfile mutation. True when it was saved.
 */
export async function saveProfileEthereumAddress(address: Address): Promise<boolean> {
  try {
    const res = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({
        query: 'mutation SaveWalletAddress($input: ProfileInput!) { updateProfile(input: $input) { __typename } }',
        variables: { input: { custom_EthereumAddress: address } },
      }),
    })
    if (!res.ok) return false
    const body = (await res.json()) as { errors?: unknown[] }
    return !body.errors?.length
  } catch {
    return false
  }
}
