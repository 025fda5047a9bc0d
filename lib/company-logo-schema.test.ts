import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { companyLogoSchema, LOGO_NOT_FOUND_MESSAGE, logoFileSchema, NO_LOGO_CHOSEN_MESSAGE } from './company-logo-schema'

const picked = (file: File) => {
  const form = new FormData()
  form.append('logo', file)
  return form
}
const errorsOf = (form: FormData, maxBytes = 1000) => parseWithZod(form, { schema: logoFileSchema(maxBytes) }).reply().error

describe('company logo schema', () => {
  it('asks for an image when the picker is empty, as the browser posts it', () => {
    expect(errorsOf(picked(new File([], '', { type: 'application/octet-stream' })))).toEqual({ logo: [NO_LOGO_CHOSEN_MESSAGE] })
  })

  it('refuses a file the upload would refuse, with the upload check’s words, and takes an image within the limit', () => {
    expect(errorsOf(picked(new File(['hello'], 'notes.txt', { type: 'text/plain' })))?.logo).toEqual(['notes.txt: Only images can be uploaded here (JPEG, PNG, GIF or WebP)'])
    expect(errorsOf(picked(new File(['<svg/>'], 'sneaky.png', { type: 'image/svg+xml' })))?.logo).toEqual(['sneaky.png: the file content does not match its type (image/svg+xml)'])
    expect(errorsOf(picked(new File(['x'.repeat(20)], 'big.png', { type: 'image/png' })), 10)?.logo?.[0]).toMatch(/^big\.png: the file is larger than the upload limit/)
    expect(errorsOf(picked(new File(['png'], 'logo.png', { type: 'image/png' })))).toBeUndefined()
  })

  it('reads the set-logo post’s path; a post without one is refused at the path', () => {
    const form = new FormData()
    form.append('path', 'profile-pictures/u1/logo.png')
    expect(parseWithZod(form, { schema: companyLogoSchema }).status).toBe('success')
    expect(parseWithZod(new FormData(), { schema: companyLogoSchema }).reply().error).toEqual({ path: [LOGO_NOT_FOUND_MESSAGE] })
  })
})
