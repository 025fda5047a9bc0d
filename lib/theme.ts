/**
 * The three built-in dark-blue themes.
 *
 * Each theme becomes a set of CSS custom properties (`--theme-*`) under `[data-theme="N"]`;
 * app/app.css maps them onto Tailwind colours (`bg-background`, `text-light`, `border-border`, ...).
 * The chosen index lives in local storage under THEME_STORAGE_KEY and is put on <html data-theme>
 * by an inline script before the first paint.
 */
export interface Theme {
  name: string
  background: string
  foreground: string
  shade: string
  border: string
  text: string
  light: string
  highlight: string
  link: string
  red: string
  green: string
  blue: string
  orange: string
  secondaryBackground: string
  /** Index into backdropImages: the decorative pattern drawn behind the header. */
  backgroundImage: 0 | 1 | 2
}

export const THEME_STORAGE_KEY = 'theme'
export const DEFAULT_THEME_INDEX = 0

export const themes: readonly Theme[] = [
  {
    name: 'Deep navy',
    background: '#0b1526',
    foreground: '#12213a',
    shade: '#1a2d4d',
    border: '#2e4a73',
    text: '#e6edf7',
    light: '#b7c6dc',
    highlight: '#5cb8ff',
    link: '#8fd0ff',
    red: '#ff8585',
    green: '#5fd38d',
    blue: '#6aa8ff',
    orange: '#ffb35c',
    secondaryBackground: '#0f1d33',
    backgroundImage: 0,
  },
  {
    name: 'Midnight steel',
    background: '#0a1020',
    foreground: '#111a30',
    shade: '#1a2642',
    border: '#33436b',
    text: '#eef2fa',
    light: '#b3c0da',
    highlight: '#86aaff',
    link: '#a9c2ff',
    red: '#ff8f85',
    green: '#6ddc9d',
    blue: '#86aaff',
    orange: '#ffc170',
    secondaryBackground: '#0d1528',
    backgroundImage: 1,
  },
  {
    name: 'Ocean blueprint',
    background: '#071a2b',
    foreground: '#0c2740',
    shade: '#123656',
    border: '#24557f',
    text: '#e4f1fb',
    light: '#a9cbe4',
    highlight: '#45d3e3',
    link: '#85e4ef',
    red: '#ff9494',
    green: '#6ee7a8',
    blue: '#6db7ff',
    orange: '#ffc26e',
    secondaryBackground: '#0a2136',
    backgroundImage: 2,
  },
]

/** Subtle engineering patterns, chosen per theme by `backgroundImage`. */
const backdropImages: readonly string[] = [
  // 0: blueprint grid
  'linear-gradient(rgb(255 255 255 / 0.035) 1px, transparent 1px), linear-gradient(90deg, rgb(255 255 255 / 0.035) 1px, transparent 1px)',
  // 1: dot matrix
  'radial-gradient(rgb(255 255 255 / 0.06) 1px, transparent 1px)',
  // 2: diagonal mesh
  'repeating-linear-gradient(45deg, rgb(255 255 255 / 0.03) 0 1px, transparent 1px 14px), repeating-linear-gradient(-45deg, rgb(255 255 255 / 0.03) 0 1px, transparent 1px 14px)',
]

/** A valid theme index from anything (a stored string, a number); DEFAULT_THEME_INDEX otherwise. */
export function parseThemeIndex(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : NaN
  return Number.isInteger(n) && n >= 0 && n < themes.length ? n : DEFAULT_THEME_INDEX
}

/** The page-wide values a theme sets, including the input colours derived from text, light and highlight. */
export function themeVariables(theme: Theme): Record<string, string> {
  return {
    '--theme-background': theme.background,
    '--theme-foreground': theme.foreground,
    '--theme-shade': theme.shade,
    '--theme-border': theme.border,
    '--theme-text': theme.text,
    '--theme-light': theme.light,
    '--theme-highlight': theme.highlight,
    '--theme-link': theme.link,
    '--theme-red': theme.red,
    '--theme-green': theme.green,
    '--theme-blue': theme.blue,
    '--theme-orange': theme.orange,
    '--theme-secondary-background': theme.secondaryBackground,
    '--theme-input-text': theme.text,
    '--theme-input-header': theme.highlight,
    '--theme-input-subheader': theme.light,
    '--theme-backdrop': backdropImages[theme.backgroundImage],
  }
}

/** The style sheet with one variable set per theme; theme 0 also applies when no data-theme is set. */
export function themeStyleSheet(): string {
  return themes
    .map((theme, i) => {
      const selector = i === DEFAULT_THEME_INDEX ? `:root,[data-theme="${i}"]` : `[data-theme="${i}"]`
      const body = Object.entries(themeVariables(theme))
        .map(([k, v]) => `${k}:${v}`)
        .join(';')
      return `${selector}{${body}}`
    })
    .join('\n')
}
