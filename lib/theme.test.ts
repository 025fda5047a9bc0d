import { describe, expect, it } from 'vitest'
import { DEFAULT_THEME_INDEX, parseThemeIndex, themeStyleSheet, themeVariables, themes } from './theme'

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

describe('themes', () => {
  it('has three dark-blue themes, each with every colour a theme sets', () => {
    expect(themes).toHaveLength(3)
    for (const theme of themes) {
      for (const key of ['background', 'foreground', 'shade', 'border', 'text', 'light', 'highlight', 'link', 'red', 'green', 'blue', 'orange', 'secondaryBackground'] as const) {
        expect(theme[key]).toMatch(/^#[0-9a-f]{6}$/)
      }
      expect([0, 1, 2]).toContain(theme.backgroundImage)
      // Dark: the background is near black; blue: its blue channel leads.
      expect(luminance(theme.background)).toBeLessThan(0.02)
      expect(parseInt(theme.background.slice(5, 7), 16)).toBeGreaterThan(parseInt(theme.background.slice(1, 3), 16))
    }
  })

  it('keeps text readable (WCAG AA, 4.5:1) on every surface', () => {
    for (const theme of themes) {
      for (const surface of [theme.background, theme.foreground, theme.shade, theme.secondaryBackground]) {
        for (const ink of [theme.text, theme.light, theme.highlight, theme.link, theme.red, theme.green, theme.orange]) {
          expect(contrast(ink, surface), `${theme.name}: ${ink} on ${surface}`).toBeGreaterThanOrEqual(4.5)
        }
      }
    }
  })

  it('derives the input colours from text, light and highlight', () => {
    const vars = themeVariables(themes[1])
    expect(vars['--theme-input-text']).toBe(themes[1].text)
    expect(vars['--theme-input-header']).toBe(themes[1].highlight)
    expect(vars['--theme-input-subheader']).toBe(themes[1].light)
  })

  it('writes one variable set per theme, the default also on :root', () => {
    const css = themeStyleSheet()
    expect(css).toContain(`:root,[data-theme="0"]{--theme-background:${themes[0].background}`)
    expect(css).toContain(`[data-theme="2"]{--theme-background:${themes[2].background}`)
  })

  it('parses a stored index, falling back to the default', () => {
    expect(parseThemeIndex('2')).toBe(2)
    expect(parseThemeIndex(1)).toBe(1)
    for (const bad of ['', '7', '-1', '1.5', 'dark', null, undefined]) expect(parseThemeIndex(bad)).toBe(DEFAULT_THEME_INDEX)
  })
})
