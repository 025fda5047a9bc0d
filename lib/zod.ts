import { z } from 'zod'

/**
 * Zod for schemas that also run in the browser. There, Zod must not try `new Function` to compile
 * its fast parsers: the Content-Security-Policy forbids eval, and the browser reports the attempt as
 * a policy violation even though Zod catches it. The server keeps the compiled parsers.
 */
if (typeof document !== 'undefined') z.config({ jitless: true })

export { z }
