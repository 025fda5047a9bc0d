import { exampleItem } from './list'
import type { CaseStudy } from './types'

/** The path of a file in a study's media folder, `/media/examples/<slug>/<file>`. */
export type StudyMedia = (file: string) => string

/**
 * A case study from its slug: the card on /examples, the title (the card's) and the media folder all
 * follow from the slug, so the study module holds only its own words and figures.
 */
export function caseStudy(slug: string, content: (media: StudyMedia) => Omit<CaseStudy, 'slug' | 'item' | 'title'>): CaseStudy {
  const item = exampleItem(slug)
  const folder = `/media/examples/${slug}`
  return { slug, item, title: item.title, ...content((file) => `${folder}/${file}`) }
}
