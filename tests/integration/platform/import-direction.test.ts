import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')

/**
 * The project's own ESLint configuration, run on a line of code as if it sat in a given file: imports
 * against the flow (routes → features → components → lib; services below their adapters; browser code
 * apart from the server) fail the lint, the ones along it pass.
 */
describe('import direction, as the lint enforces it', () => {
  const eslint = new ESLint({ cwd: root })
  async function importErrors(file: string, source: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${source}\nexport const used = x\n`, { filePath: path.join(root, file) })
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
  }

  it('a shared component that imports a feature fails', async () => {
    const errors = await importErrors('app/components/layout/example.tsx', "import { ChatLauncher as x } from '../../features/chat/chat-launcher'")
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('Shared components sit below features and routes')
  })

  it('a shared component that imports a route or the document root fails', async () => {
    expect(await importErrors('app/components/ui/example.tsx', "import { loader as x } from '../../routes/contact'")).toHaveLength(1)
    expect(await importErrors('app/components/ui/example.tsx', "import { Layout as x } from '../../root'")).toHaveLength(1)
  })

  it('a feature that imports a route fails', async () => {
    const errors = await importErrors('app/features/chat/example.ts', "import { loader as x } from '../../routes/home'")
    expect(errors[0]).toContain('Features sit below routes')
  })

  it("a feature that imports another feature's internals fails", async () => {
    const errors = await importErrors('app/features/shell/example.tsx', "import { ChatLauncher as x } from '../chat/chat-launcher'")
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain("through its index.ts")
  })

  it('lib/ or content/ importing from app/ fails', async () => {
    expect((await importErrors('lib/example.ts', "import { cn as x } from '../app/components/ui/cn'"))[0]).toContain('bottom layer')
    expect((await importErrors('content/example.ts', "import { useSession as x } from '../app/features/auth/use-session'"))[0]).toContain('bottom layer')
  })

  it('browser code importing a server module fails', async () => {
    expect((await importErrors('app/features/chat/example.ts', "import { getAppContext as x } from '../../../server/context/app-context'"))[0]).toContain('server-only')
    expect((await importErrors('app/components/ui/example.ts', "import { action as x } from '../../routes/contact.server'")).length).toBeGreaterThan(0)
  })

  it('a service importing GraphQL, HTTP or the pages fails', async () => {
    expect((await importErrors('server/services/files/example.ts', "import { GraphQLError as x } from 'graphql'"))[0]).toContain('Services are the domain')
    expect(await importErrors('server/services/files/example.ts', "import { redirect as x } from 'react-router'")).toHaveLength(1)
    expect(await importErrors('server/services/files/example.ts', "import { clientIpFromRequest as x } from '../../http/client-ip'")).toHaveLength(1)
  })

  it('imports along the flow pass', async () => {
    expect(await importErrors('app/routes/example.tsx', "import { Shell as x } from '../features/shell/shell'")).toEqual([])
    expect(await importErrors('app/features/shell/example.tsx', "import { Logo as x } from '../../components/layout/logo'")).toEqual([])
    expect(await importErrors('app/features/shell/example.tsx', "import { ChatLauncher as x } from '../chat'")).toEqual([])
    expect(await importErrors('app/features/shell/example.tsx', "import { SiteHeader as x } from './site-header'")).toEqual([])
    expect(await importErrors('app/components/ui/example.tsx', "import { site as x } from '../../../lib/site'")).toEqual([])
    expect(await importErrors('lib/example.ts', "import { site as x } from './site'")).toEqual([])
    expect(await importErrors('server/services/files/example.ts', "import { users as x } from '../../db/schema'")).toEqual([])
  })
})
