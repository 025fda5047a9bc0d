import { describe, expect, it } from 'vitest'
import { acceptAttribute, checkFileBeforeUpload, declaredTypeFits, fileNameRefusal, IMAGES_ONLY_MESSAGE } from './accepted-file-types'

const file = (name: string, type = '', size = 10) => ({ name, type, size })

describe('accepted file types', () => {
  it('offers in the logo picker exactly the images the server keeps', () => {
    expect(acceptAttribute('profile-pictures')).toBe('.jpg,.jpeg,.png,.gif,.webp')
    for (const name of ['logo.svg', 'logo.heic', 'logo.tiff', 'logo.bmp', 'logo.avif']) expect(fileNameRefusal('profile-pictures', name), name).toBe(IMAGES_ONLY_MESSAGE)
  })

  it('offers in the document pickers the types the server keeps, and no other video or image', () => {
    const accept = acceptAttribute('user-box').split(',')
    for (const ext of ['.pdf', '.docx', '.dwg', '.dxf', '.obj', '.max', '.zip', '.mp4', '.mov', '.webm', '.avi', '.png', '.txt', '.csv']) expect(accept, ext).toContain(ext)
    for (const name of ['clip.mkv', 'clip.m4v', 'clip.mpeg', 'photo.heic', 'drawing.svg', 'tool.exe', 'sheet.xls', 'noextension']) {
      expect(fileNameRefusal('user-box', name), name).not.toBeNull()
    }
    expect(acceptAttribute('job-files')).toBe(acceptAttribute('user-box'))
  })

  it('names a refused file with the reason before anything is sent', () => {
    expect(checkFileBeforeUpload('profile-pictures', file('logo.svg', 'image/svg+xml'), 1e6)).toBe(`logo.svg: ${IMAGES_ONLY_MESSAGE}`)
    expect(checkFileBeforeUpload('user-box', file('clip.mkv', 'video/x-matroska'), 1e6)).toMatch(/^clip\.mkv: this file type is not accepted\. Please choose images \(JPEG/)
    expect(checkFileBeforeUpload('user-box', file('big.pdf', 'application/pdf', 2e6), 1e6)).toBe('big.pdf: the file is larger than the upload limit of 1 MB')
    expect(checkFileBeforeUpload('profile-pictures', file('logo.png', 'image/svg+xml'), 1e6)).toBe('logo.png: the file content does not match its type (image/svg+xml)')
    expect(checkFileBeforeUpload('profile-pictures', file('logo.PNG', 'image/png'), 1e6)).toBeNull()
    expect(checkFileBeforeUpload('job-files', file('site.dwg', 'application/acad'), 1e6)).toBeNull()
  })

  it('trusts a browser’s image type only when it is the extension’s own', () => {
    expect(declaredTypeFits('profile-pictures', 'a.jpg', 'image/jpeg')).toBe(true)
    expect(declaredTypeFits('profile-pictures', 'a.jpg', 'image/jpg')).toBe(true)
    expect(declaredTypeFits('profile-pictures', 'a.jpg', 'image/png')).toBe(false)
    expect(declaredTypeFits('user-box', 'a.pdf', 'application/pdf')).toBe(true)
    expect(declaredTypeFits('user-box', 'a.pdf', '')).toBe(true)
  })
})
