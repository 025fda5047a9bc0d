import { describe, expect, it } from 'vitest'
import { fileTypeLabel, opensInNewTab } from './file-kinds'

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
})
