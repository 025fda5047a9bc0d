import { afterEach, expect } from 'vitest'
import { takeUnexpectedPageErrors } from './browser'

// Every browser test fails on a console error, an uncaught page error or a Content-Security-Policy
// violation in any page it opened, unless the test named it with allowPageErrors (tests/setup/browser.ts).
// Registered before the suites' own hooks, so it runs after them (their pages are closed by then).
afterEach(() => {
  expect(takeUnexpectedPageErrors().join('\n'), 'console errors or page errors in the browser').toBe('')
})
