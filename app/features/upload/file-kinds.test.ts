import { describe, expect, it } from 'vitest'
import { fileTypeLabel, isAcceptedDocument, isImageFile, opensInNewTab } from './file-kinds'

describe('file kinds', () => {
  it('derives the type from the extension', () => {
    expect(fileTypeLabel('plan.PDF')).toBe('PDF')
    expect(fileTypeLabel('user-box/u1/site.survey.dwg')).toBe('DWG')
    expect(fileTypeLabel('README')).toBe('File')
    expect(fileTypeLabel('.hidden')).toBe('File')
  })

  it('opens jpeg, png, gif, pdf, text, html, css and javascript in a new tab and downloads the rest', () => {
    for (const name of ['a.jpg', 'a.jpeg', 'a.png', 'a.gif', 'a.pdf', 'a.txt', 'a.html', 'a.css', 'a.js']) expect(opensInNewTab(name), name).toBe(true)
    for (const name of ['a.zip', 'a.dwg', 'a.docx', 'a.mp4', 'a.webp', 'a.obj', 'a.svg']) expect(opensInNewTab(name), name).toBe(false)
  })

  it('accepts the client document types of the spec', () => {
    for (const name of ['a.png', 'a.webp', 'a.mp4', 'a.mov', 'a.pdf', 'a.doc', 'a.docx', 'a.xlsx', 'a.pptx', 'a.dwg', 'a.dxf', 'a.obj', 'a.max', 'a.zip']) {
      expect(isAcceptedDocument({ name }), name).toBe(true)
    }
    for (const name of ['a.exe', 'a.sh', 'a.html', 'a.js', 'a.xls', 'noextension']) expect(isAcceptedDocument({ name }), name).toBe(false)
  })

  it('takes images only for the logo', () => {
    expect(isImageFile({ name: 'logo.png', type: 'image/png' })).toBe(true)
    expect(isImageFile({ name: 'logo.jpg', type: '' })).toBe(true)
    expect(isImageFile({ name: 'notes.txt', type: 'text/plain' })).toBe(false)
  })
})
