import { describe, expect, it } from 'vitest'
import { AppError } from './app-error'
import { toHttpAnswer } from './to-http-answer'

describe('the one table from domain errors to HTTP answers', () => {
  it('answers UNAUTHORIZED with 401 to a visitor who is not signed in and 403 to one who is, in the same words', () => {
    expect(toHttpAnswer(new AppError('UNAUTHORIZED', 'not your folder'), { signedIn: false })).toEqual({ status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' })
    expect(toHttpAnswer(new AppError('UNAUTHORIZED', 'not your folder'), { signedIn: true })).toEqual({ status: 403, code: 'UNAUTHORIZED', message: 'Unauthorized' })
  })

  it('keeps the domain’s words and field errors for the other codes', () => {
    const answer = toHttpAnswer(new AppError('BAD_REQUEST', 'Please check', { fieldErrors: { road: ['No commas'] } }), { signedIn: true })
    expect(answer).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'Please check', fieldErrors: { road: ['No commas'] } })
    expect(toHttpAnswer(new AppError('NOT_FOUND', 'Job request not found'), { signedIn: false }).status).toBe(404)
    expect(toHttpAnswer(new AppError('TOO_MANY_REQUESTS'), { signedIn: true }).status).toBe(429)
    expect(toHttpAnswer(new AppError('PAYLOAD_TOO_LARGE'), { signedIn: true }).status).toBe(413)
    expect(toHttpAnswer(new AppError('UNSUPPORTED_MEDIA_TYPE'), { signedIn: true }).status).toBe(415)
    expect(toHttpAnswer(new AppError('CONFLICT'), { signedIn: true }).status).toBe(409)
  })

  it('logs anything else and answers a plain 500 that names nothing of the cause', () => {
    const logged: unknown[] = []
    const cause = new Error('relation "profile" does not exist at /srv/app/server/db.ts:12')
    expect(toHttpAnswer(cause, { signedIn: true, log: (e) => logged.push(e) })).toEqual({ status: 500, code: 'INTERNAL', message: 'Something went wrong.' })
    expect(toHttpAnswer(new AppError('INTERNAL', 'pool exhausted'), { signedIn: true, log: (e) => logged.push(e) }).message).toBe('Something went wrong.')
    expect(logged).toHaveLength(2)
    expect(logged[0]).toBe(cause)
  })
})
