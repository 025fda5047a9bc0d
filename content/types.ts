/** Shapes shared by the content modules. Icons are names the page components know how to draw. */
export type IconName =
  | 'clock'
  | 'target'
  | 'pound'
  | 'lock'
  | 'cube'
  | 'grid'
  | 'wind'
  | 'drill'
  | 'code'
  | 'gauge'
  | 'radio'
  | 'lightbulb'
  | 'scale'
  | 'pencil'
  | 'flask'
  | 'calculator'
  | 'wrench'
  | 'megaphone'
  | 'factory'
  | 'vault'
  | 'users'
  | 'building'
  | 'monitor'
  | 'award'

export interface Link {
  label: string
  href: string
}

/** A titled block of prose; paragraphs are plain text. */
export interface TextSection {
  heading: string
  paragraphs: string[]
  items?: string[]
}
