import { blogRules } from './blog-rules'

/**
 * A post's address from its title: lower-case ASCII letters and digits joined by single hyphens
 * ("Meshing a 3-D silo: part 2" becomes "meshing-a-3-d-silo-part-2"). Accents lose their marks
 * ("Café" becomes "cafe"); anything else separates words.
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, blogRules.slugMax)
    .replace(/^-+|-+$/g, '')
}

/** What an address may be: what slugify makes. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
