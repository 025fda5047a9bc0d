import type { Address } from 'viem'
import { graphqlRequest } from '../../../lib/api-client'

/** The signed-in client's stored Ethereum address (user attribute custom_EthereumAddress), if any. */
export async function readProfileEthereumAddress(): Promise<string | null> {
  try {
    const data = await graphqlRequest<{ me: { attributes: { custom_EthereumAddress: string | null } } | null }>('{ me { attributes { custom_EthereumAddress } } }')
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
    const data = await graphqlRequest<{ updateProfile: { __typename: string } }>(
      'mutation SaveWalletAddress($input: ProfileInput!) { updateProfile(input: $input) { __typename } }',
      { input: { custom_EthereumAddress: address } },
    )
    return !!data?.updateProfile
  } catch {
    return false
  }
}
