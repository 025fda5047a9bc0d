import type { CaseStudy } from '../../../content/examples/types'
import { pageMeta } from '../../../lib/meta'
import { site } from '../../../lib/site'

/** A study's page metadata: the route's title and description, plus TechArticle structured data. */
export function studyMeta(study: CaseStudy) {
  return [
    ...pageMeta({ path: study.item.url }),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'TechArticle',
        headline: study.title,
        description: study.item.description,
        abstract: study.summary,
        about: study.info.focus,
        genre: study.item.category,
        url: study.item.url,
        author: { '@type': 'Organization', name: site.companyName },
        publisher: { '@type': 'Organization', name: site.legalName },
        image: study.lead.src,
        inLanguage: 'en-GB',
      },
    },
  ]
}
