/**
 * The node flags the production server runs with. `--disallow-code-generation-from-strings` makes
 * `eval`, `new Function` and string timers throw in the server's own context: whatever a dependency
 * might try to compile at run time, and whatever a request might get into such code, nothing runs. The
 * server needs none of them (its GraphQL executor interprets documents; Zod is jitless), and the
 * browser suite runs every page and API against a server started with these flags.
 */
export const SERVER_NODE_FLAGS = ['--disallow-code-generation-from-strings'] as const

/** Whether this process may still compile code from strings (started without SERVER_NODE_FLAGS). */
export function codeGenerationFromStringsAllowed(): boolean {
  try {
    // The one place the product reaches for the Function constructor: to check that it is refused.
    // eslint-disable-next-line no-new-func
    new Function('')
    return true
  } catch {
    return false
  }
}
