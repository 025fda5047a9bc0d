import { z } from 'zod'

/**
 * Zod, for every schema of the product: import it from here, never from 'zod' (the lint refuses that).
 * Zod can compile a schema's parser into JavaScript with `new Function`. Here it never does, in the
 * browser or on the server: the browser's Content-Security-Policy forbids eval (and reports the
 * attempt even though Zod catches it), and the server runs no code made at run time, whatever it is
 * made from. Zod's interpreted parsers give the same answers.
 */
z.config({ jitless: true })

export { z }
