import { afterAll, afterEach, beforeAll } from 'vitest'

/**
 * An uncaught exception or unhandled rejection fails the test during which it happened, or, when it
 * happened in a file's set-up or tear-down, that file (its last afterAll hook, which runs after the
 * file's own). Left to the test runner, it would be reported after the run as an "unhandled error"
 * that ends the run with exit code 1 while every test shows as passed, naming no test.
 *
 * The listeners exist only while a file runs: an error after its end still reaches the runner's own
 * report, so nothing is lost.
 */
let caught: unknown[] = []
const record = (error: unknown) => {
  caught.push(error)
}
const take = () => {
  const seen = caught
  caught = []
  return seen
}
const describeAll = (errors: unknown[]) => errors.map((e) => (e instanceof Error ? (e.stack ?? e.message) : String(e))).join('\n\n')

beforeAll(() => {
  process.on('uncaughtException', record)
  process.on('unhandledRejection', record)
})
afterEach(() => {
  const seen = take()
  if (seen.length) throw new Error(`An error nothing caught happened during this test:\n${describeAll(seen)}`)
})
afterAll(async () => {
  // What the file's tear-down set going (a socket closing) reports a turn or two later.
  await new Promise((resolve) => setTimeout(resolve, 50))
  process.off('uncaughtException', record)
  process.off('unhandledRejection', record)
  const seen = take()
  if (seen.length) throw new Error(`An error nothing caught happened while this file set up or tore down:\n${describeAll(seen)}`)
})
