import { describe, expect, it } from 'vitest'
import { camCourses } from '../../../lib/catalogue'
import { collectCatalogueDocuments } from './collect-catalogue-documents'

describe('catalogue passages', () => {
  it('every CAM/CNC course has a passage on who it is for and one on what it teaches, linked to the CAM page', () => {
    const docs = collectCatalogueDocuments()
    for (const course of camCourses) {
      const target = docs.find((d) => d.id === `cam-course-${course.code}-target`)
      expect(target).toMatchObject({ url: '/services/cam' })
      expect(target!.text.toLowerCase()).toContain(course.target.toLowerCase())

      const topics = docs.find((d) => d.id === `cam-course-${course.code}-topics`)
      expect(topics).toMatchObject({ url: '/services/cam' })
      for (const topic of course.learningTopics) expect(topics!.text.toLowerCase()).toContain(topic.toLowerCase())
    }
  })
})
