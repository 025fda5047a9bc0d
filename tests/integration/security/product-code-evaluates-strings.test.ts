import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')

/**
 * Code that compiles strings (eval, the Function constructor, node:vm) or lets Zod compile its
 * parsers fails the project's lint anywhere in the product's code; tests may still evaluate what the
 * build made. The production server also runs with code generation from strings refused by V8
 * (server/code-generation.ts), which the browser suite exercises.
 */
describe('product code that would run strings as code fails the lint', () => {
  const eslint = new ESLint({ cwd: root })
  async function errors(file: string, source: string) {
    const [result] = await eslint.lintText(`${source}\n`, { filePath: path.join(root, file) })
    return result!.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`)
  }

  it.each([
    ['server/graphql/example.ts', "export const f = (s: string) => eval(s)", 'no-eval'],
    ['server/services/files/example.ts', "export const f = (s: string) => new Function('x', s)", 'no-new-func'],
    ['lib/example.ts', "export const f = (s: string) => Function(s)", 'no-new-func'],
    ['server/http/example.ts', "import vm from 'node:vm'\nexport const f = (s: string) => vm.runInNewContext(s)", 'no-restricted-imports'],
    ['scripts/example.ts', "import { runInThisContext } from 'vm'\nexport const f = runInThisContext", 'no-restricted-imports'],
    ['server/env-example.ts', "import { z } from 'zod'\nexport const s = z.object({})", 'no-restricted-imports'],
  ])('%s: %s', async (file, source, rule) => {
    expect((await errors(file, source)).some((e) => e.startsWith(`${rule}:`))).toBe(true)
  })

  it('the same lines in a test file pass, and Zod taken from lib/zod.ts passes', async () => {
    expect(await errors('server/http/example.test.ts', "export const f = (s: string) => new Function(s)")).toEqual([])
    expect(await errors('server/env-example.ts', "import { z } from '../lib/zod'\nexport const s = z.object({})")).toEqual([])
  })
})
