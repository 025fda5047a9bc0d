import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { jobRequestSchema, PRIORITY_MESSAGE } from './job-request-schema'

describe('job request schema', () => {
  it('requires no field and defaults the priority to 3', () => {
    expect(jobRequestSchema.parse({})).toEqual({ priority: 3 })
    expect(jobRequestSchema.parse({ job: '', reference: null, priority: '' })).toEqual({ priority: 3 })
  })

  it('keeps a priority of 1 to 5, as a number or as the text the API speaks', () => {
    expect(jobRequestSchema.parse({ priority: '5' }).priority).toBe(5)
    expect(jobRequestSchema.parse({ priority: 1 }).priority).toBe(1)
    for (const bad of ['0', '6', '2.5', 'high']) expect(jobRequestSchema.safeParse({ priority: bad }).error?.issues[0]?.message, bad).toBe(PRIORITY_MESSAGE)
  })

  it('has one set of lengths for every entry point', () => {
    expect(jobRequestSchema.safeParse({ job: 'j'.repeat(500), reference: 'r'.repeat(500), instructions: 'i'.repeat(10_000) }).success).toBe(true)
    const tooLong = jobRequestSchema.safeParse({ job: 'j'.repeat(501), reference: 'r'.repeat(501), instructions: 'i'.repeat(10_001) })
    expect(tooLong.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['job', 'At most 500 characters'],
      ['reference', 'At most 500 characters'],
      ['instructions', 'At most 10000 characters'],
    ])
  })

  it('reads the form as the browser posts it, empty inputs included', () => {
    const form = new FormData()
    for (const [key, value] of Object.entries({ intent: 'create-job-request', job: 'Mesh study', reference: '', instructions: '', priority: '3' })) form.set(key, value)
    const submission = parseWithZod(form, { schema: jobRequestSchema })
    expect(submission.status === 'success' && submission.value).toEqual({ job: 'Mesh study', priority: 3 })
  })

  it('trims what was typed', () => {
    expect(jobRequestSchema.parse({ job: '  CFD of a fan  ' }).job).toBe('CFD of a fan')
  })
})
