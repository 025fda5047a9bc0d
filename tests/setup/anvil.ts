import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { createPublicClient, createWalletClient, defineChain, http, parseUnits, type Abi, type Address, type Hex } from 'viem'
import { freePort } from './free-port'

const root = path.resolve(import.meta.dirname, '../..')
/** The anvil binary of the `@foundry-rs/anvil-linux-amd64` npm package (STACK-NOTES.md). */
export const ANVIL_PATH = process.env.ANVIL_PATH ?? path.join(root, 'node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil')

/** Multicall3's canonical address: wagmi's reads are aggregated through it. */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

/** The first accounts of anvil's default mnemonic, unlocked on the node. */
export const anvilAccounts: readonly Address[] = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
]

export interface AnvilNode {
  url: string
  chainId: number
  process: ChildProcess
  /** A raw JSON-RPC call. */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>
  stop(): Promise<void>
}

/** Starts anvil on a free loopback port with the given chain id; resolves once it answers JSON-RPC. */
export async function startAnvil({ chainId = 56 }: { chainId?: number } = {}): Promise<AnvilNode> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(ANVIL_PATH, ['--chain-id', String(chainId), '--port', String(port), '--host', '127.0.0.1', '--silent'], { stdio: ['ignore', 'pipe', 'pipe'] })
  const output: string[] = []
  child.stdout!.on('data', (c: Buffer) => output.push(c.toString()))
  child.stderr!.on('data', (c: Buffer) => output.push(c.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  let id = 0
  const rpc = async <T,>(method: string, params: unknown[] = []): Promise<T> => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }) })
    const body = (await res.json()) as { result?: T; error?: { message: string } }
    if (body.error) throw new Error(`${method}: ${body.error.message}`)
    return body.result as T
  }

  const deadline = Date.now() + 15_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}:\n${output.join('')}`)
    try {
      const answered = await rpc<string>('eth_chainId')
      if (Number(answered) === chainId) break
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`anvil did not answer in time:\n${output.join('')}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }

  return {
    url,
    chainId,
    process: child,
    rpc,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      await exited
    },
  }
}

/**
 * Puts Multicall3 at its canonical address. The deployment code viem ships returns the runtime code
 * when executed, so one eth_call yields what anvil_setCode needs.
 */
export async function installMulticall3(node: AnvilNode): Promise<void> {
  // viem keeps this bytecode internal (not in its package exports), so it is read from its source.
  const source = readFileSync(path.join(root, 'node_modules/viem/_esm/constants/contracts.js'), 'utf8')
  const multicall3Bytecode = /multicall3Bytecode\s*=\s*'(0x[0-9a-fA-F]+)'/.exec(source)?.[1]
  if (!multicall3Bytecode) throw new Error('Multicall3 bytecode not found in viem')
  const runtime = await node.rpc<Hex>('eth_call', [{ data: multicall3Bytecode }, 'latest'])
  await node.rpc('anvil_setCode', [MULTICALL3_ADDRESS, runtime])
}

function clients(node: AnvilNode) {
  const chain = defineChain({
    id: node.chainId,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
  })
  return {
    wallet: createWalletClient({ chain, transport: http(node.url) }),
    public: createPublicClient({ chain, transport: http(node.url) }),
  }
}

const minterPauser = JSON.parse(readFileSync(path.join(root, 'node_modules/@openzeppelin/contracts/build/contracts/ERC20PresetMinterPauser.json'), 'utf8')) as { abi: Abi; bytecode: Hex }

export interface TestToken {
  address: Address
  /** Mints `amount` whole tokens (decimal string, 18 decimals) to `to`. */
  mint(to: Address, amount: string): Promise<void>
}

/** Deploys OpenZeppelin's ERC20PresetMinterPauser (18 decimals) from the first anvil account. */
export async function deployTestToken(node: AnvilNode, { name = 'Test Token', symbol = 'TEST' } = {}): Promise<TestToken> {
  const c = clients(node)
  const deployer = anvilAccounts[0]!
  const hash = await c.wallet.deployContract({ abi: minterPauser.abi, bytecode: minterPauser.bytecode, args: [name, symbol], account: deployer })
  const receipt = await c.public.waitForTransactionReceipt({ hash })
  if (!receipt.contractAddress) throw new Error('the token was not deployed')
  const address = receipt.contractAddress
  return {
    address,
    async mint(to, amount) {
      const tx = await c.wallet.writeContract({ address, abi: minterPauser.abi, functionName: 'mint', args: [to, parseUnits(amount, 18)], account: deployer })
      const r = await c.public.waitForTransactionReceipt({ hash: tx })
      if (r.status !== 'success') throw new Error(`mint to ${to} failed`)
    },
  }
}
