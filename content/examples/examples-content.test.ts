import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import katex from 'katex'
import { describe, expect, it } from 'vitest'
import { routeTable } from '../../lib/route-table'
import { caseStudies, caseStudyContent, examples } from './index'
import type { StudyFigure } from './types'

const publicDir = path.resolve(import.meta.dirname, '../../public')

const figuresOf = (slug: string): StudyFigure[] => {
  const study = caseStudyContent.find((s) => s.slug === slug)!
  return [study.lead, ...study.sections.flatMap((s) => s.blocks.flatMap((b) => (b.kind === 'figure' ? [b.figure] : [])))]
}

describe('examples content', () => {
  it('lists the seven studies, each in its category (CFD, FEA, CAD) and with a route', () => {
    expect(examples.map((x) => [x.id, x.category])).toEqual([
      ['wind-load-silo', 'FEA'],
      ['thermal-retention-study', 'CFD'],
      ['aerodynamic-trailer', 'CFD'],
      ['sliotar-cfd', 'CFD'],
      ['sketch-to-drawing', 'CAD'],
      ['detailed-drafting', 'CAD'],
      ['concept-communication', 'CAD'],
    ])
    for (const item of examples) {
      expect(item.url).toBe(`/examples/${item.id}`)
      expect(routeTable.some((r) => r.path === item.url && r.prerender)).toBe(true)
      const study = caseStudyContent.find((s) => s.slug === item.id)!
      expect(study.item).toBe(item)
      expect(study.info.category).toBe(item.category)
    }
  })

  it('exports every study as plain text for indexing', () => {
    expect(caseStudies.map((s) => s.slug)).toEqual(examples.map((x) => x.id))
    for (const study of caseStudies) {
      expect(Object.keys(study.info)).toEqual(['author', 'category', 'focus', 'challenge', 'approach', 'highlight', 'impact'])
      expect(study.sections.length).toBeGreaterThan(3)
      for (const section of study.sections) expect(section.paragraphs.join(' ').length).toBeGreaterThan(100)
    }
  })

  it('gives the silo study 13 numbered sections and equations KaTeX can typeset', () => {
    const silo = caseStudyContent.find((s) => s.slug === 'wind-load-silo')!
    expect(silo.numberedSections).toBe(true)
    expect(silo.sections).toHaveLength(13)
    const equations = silo.sections.flatMap((s) => s.blocks.filter((b) => b.kind === 'equation'))
    expect(equations.length).toBeGreaterThan(5)
    for (const eq of equations) if (eq.kind === 'equation') expect(() => katex.renderToString(eq.tex, { throwOnError: true })).not.toThrow()
  })

  it('has an original figure on disk for every image, with alt text and its real size', () => {
    for (const study of caseStudyContent) {
      for (const figure of figuresOf(study.slug)) {
        const file = path.join(publicDir, figure.src)
        expect(existsSync(file), figure.src).toBe(true)
        expect(figure.alt.length).toBeGreaterThan(40)
        const svg = readFileSync(file, 'utf8')
        const [, w, h] = svg.match(/viewBox="0 0 (\d+) (\d+)"/) ?? []
        expect(Number(w) / Number(h), figure.src).toBeCloseTo(figure.width / figure.height, 2)
      }
    }
    const video = caseStudyContent.flatMap((s) => s.sections.flatMap((x) => x.blocks)).find((b) => b.kind === 'video')
    expect(video?.kind).toBe('video')
    if (video?.kind === 'video') {
      expect(existsSync(path.join(publicDir, video.video.src))).toBe(true)
      expect(existsSync(path.join(publicDir, video.video.poster))).toBe(true)
    }
  })
})

describe('trailer study arithmetic', () => {
  // The study's inputs, and the results the write-up states.
  const mph = 60
  const density = 1.255
  const dragCut = 0.335
  const litresPer100km = 33
  const pencePerLitre = 155
  const kmPerYear = 100_000
  const text = caseStudies.find((s) => s.slug === 'aerodynamic-trailer')!.sections.flatMap((s) => s.paragraphs).join('\n')

  it('derives the fuel economy gain, baseline, saving and fleet figures it states', () => {
    const speed = mph * 0.44704
    expect(speed.toFixed(2)).toBe('26.82')
    expect((0.5 * density * speed ** 2).toFixed(1)).toBe('451.4')
    const gain = dragCut / 2
    expect((gain * 100).toFixed(2)).toBe('16.75')
    const litres = (litresPer100km * kmPerYear) / 100
    const baseline = (litres * pencePerLitre) / 100
    expect(baseline).toBe(51_150)
    const saving = Math.round(baseline * gain)
    expect(saving).toBe(8_568)
    expect(saving * 100).toBe(856_800)
    for (const figure of ['33.5 %', '16.75 %', '£51,150', '£8,568', '£856,800', '0.5 × 33.5 % = 16.75 %']) expect(text).toContain(figure)
  })

  it('states drag forces that follow from q, Cd and the frontal area', () => {
    const q = 0.5 * density * (mph * 0.44704) ** 2
    const rows: [number, string][] = [
      [0.62, '2,855 N'],
      [0.533, '2,455 N'],
      [0.487, '2,241 N'],
      [0.443, '2,041 N'],
      [0.412, '1,899 N'],
    ]
    for (const [cd, force] of rows) {
      const computed = Math.round(q * cd * 10.2)
      expect(Math.abs(computed - Number(force.replace(/\D/g, '')))).toBeLessThanOrEqual(3)
      expect(text).toContain(force)
    }
    expect(((0.62 - 0.412) / 0.62) * 100).toBeCloseTo(33.5, 1)
  })
})
