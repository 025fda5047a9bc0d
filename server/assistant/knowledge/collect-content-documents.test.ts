import { describe, expect, it } from 'vitest'
import { documentsFromModules } from './collect-content-documents'

describe('content passages', () => {
  it('finds pages by path or slug, sections by title, FAQ pairs, catalogue courses and named lists', () => {
    const docs = documentsFromModules([
      {
        area: 'site',
        exports: {
          faqGroups: [{ title: 'Pricing and Payments', faqs: [{ question: 'Do you offer package deals?', answer: 'Yes, with a bulk-hour discount.' }] }],
          cfdService: { slug: 'cfd', title: 'CFD Analysis', software: ['Ansys Fluent', 'OpenFOAM'], sections: [{ heading: 'Heat transfer', body: 'Conjugate heat transfer in **plant**.' }] },
          training: { path: '/training', courses: [{ title: 'CFD Simulation', course: 'CFD Simulation' }] },
          renderHelper: () => 'not content',
        },
      },
      { area: 'examples', exports: { caseStudies: [{ slug: 'sliotar-cfd', title: 'Sliotar Seam Aerodynamics', image: '/media/x.png', summary: 'The 3 mm seam flew furthest.' }] } },
    ])
    const find = (text: string) => docs.find((d) => d.text.includes(text))

    expect(find('Do you offer package deals? Yes, with a bulk-hour discount.')).toMatchObject({ url: '/faqs', title: 'FAQs' })
    expect(find('Software: Ansys Fluent, OpenFOAM.')).toMatchObject({ url: '/services/cfd' })
    expect(find('Conjugate heat transfer in plant.')).toMatchObject({ url: '/services/cfd', title: 'CFD Analysis: Heat transfer' })
    expect(find('CFD Simulation: 3-4 days, £600 per day, Advanced level, at most 6 participants.')).toMatchObject({ url: '/training' })
    expect(find('The 3 mm seam flew furthest.')).toMatchObject({ url: '/examples/sliotar-cfd' })
    expect(docs.some((d) => d.text.includes('/media/') || d.text.includes('not content'))).toBe(false)
  })
})
