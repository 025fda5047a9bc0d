import { describe, expect, it } from 'vitest'
import { buildStoragePath, parseStoragePath, sanitizeFileName, uploadFileName } from './storage-path'

describe('sanitizeFileName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\boot.ini', 'boot.ini'],
    ['.htaccess', 'htaccess'],
    ['report\u0000.pdf', 'report_.pdf'],
    ['a:b*c?.txt', 'a_b_c_.txt'],
    ['   ', 'file'],
    ['..', 'file'],
    ['Plan – rev B.dwg', 'Plan – rev B.dwg'],
  ])('%j becomes %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected)
  })

  it('keeps the extension when shortening a long name', () => {
    const name = sanitizeFileName('x'.repeat(300) + '.pdf')
    expect(name).toHaveLength(180)
    expect(name.endsWith('.pdf')).toBe(true)
  })
})

describe('parseStoragePath', () => {
  it('accepts the paths of the four storage areas', () => {
    expect(parseStoragePath('user-box/u1/plan.pdf')).toMatchObject({ area: 'user-box', folder: 'u1', fileName: 'plan.pdf' })
    expect(parseStoragePath('job-files/abc-123/a%20b.pdf')).toMatchObject({ area: 'job-files', folder: 'abc-123', fileName: 'a b.pdf', path: 'job-files/abc-123/a b.pdf' })
    expect(parseStoragePath('profile-pictures/logo.png')).toMatchObject({ area: 'profile-pictures', folder: null, fileName: 'logo.png' })
    expect(parseStoragePath('picture-submissions/', { allowFolder: true })).toMatchObject({ area: 'picture-submissions', folder: null, fileName: null })
  })

  it.each(['user-box/../secret', 'user-box/u1/..', 'user-box/u1/%2e%2e/x', 'user-box/u1/a%2Fb/c', 'etc/passwd', 'user-box/u1/a\\b', 'user-box/u1/.hidden', 'picture-submissions/x/y.png', 'user-box/u1/x%00.pdf'])(
    'refuses %j',
    (p) => {
      expect(() => parseStoragePath(p)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }))
    },
  )

  it('builds upload paths from a target and an untrusted name', () => {
    expect(buildStoragePath('user-box', 'u1', '../../x.pdf')).toBe('user-box/u1/x.pdf')
    expect(() => buildStoragePath('user-box', '../u2', 'x.pdf')).toThrow()
    expect(() => buildStoragePath('job-files', null, 'x.pdf')).toThrow()
  })
})

describe('uploadFileName', () => {
  it("keeps a document's own name, and makes one for thread files, deliverables and picture submissions", () => {
    expect(uploadFileName('user-box', '../Plan B.PDF')).toEqual({ fileName: 'Plan B.PDF', originalName: null })
    const thread = uploadFileName('job-messages', 'Drawing rev A.PDF')
    expect(thread.fileName).toMatch(/^[0-9a-f-]{36}\.pdf$/)
    expect(thread.originalName).toBe('Drawing rev A.PDF')
    expect(uploadFileName('job-messages', 'Drawing rev A.PDF').fileName).not.toBe(thread.fileName)
    expect(uploadFileName('picture-submissions', 'me.png')).toMatchObject({ fileName: expect.stringMatching(/^[0-9a-f-]{36}\.png$/), originalName: null })
    // Each upload of a deliverable is a revision of its own, beside the earlier ones of the same name.
    const first = uploadFileName('job-deliverables', 'Bracket.step')
    const second = uploadFileName('job-deliverables', 'Bracket.step')
    expect(first).toMatchObject({ fileName: expect.stringMatching(/^[0-9a-f-]{36}\.step$/), originalName: 'Bracket.step' })
    expect(second.fileName).not.toBe(first.fileName)
  })

  it('keeps a numbered version with its extension when it names a thread file, so the file keeps its type', () => {
    expect(uploadFileName('job-messages', 'Lever.prt.3').fileName).toMatch(/^[0-9a-f-]{36}\.prt\.3$/)
    expect(uploadFileName('job-messages', 'notes.2024').fileName).toMatch(/^[0-9a-f-]{36}\.2024$/)
  })
})
