/** A revision's file as the comparison shows it: where to read it, its name, and its revision's code ("P01"). */
export interface RevisionFile {
  url: string
  name: string
  label: string
}
