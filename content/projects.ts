import { site } from '../lib/site'
import type { IconName, TextSection } from './types'

export interface ProjectContent {
  slug: 'esp32-gauges' | 'bonenet'
  path: string
  icon: IconName
  /** Card and page title */
  title: string
  /** Card description */
  description: string
  /** Key into lib/site.ts github links */
  github: 'esp32Gauges' | 'bonenet'
  intro: string
  sections: TextSection[]
}

export const projectsOverview = {
  heading: 'Projects',
  intro: 'Alongside client work we build and publish our own hardware and firmware. Both projects are open source, and both feed what we learn back into the products we design for clients.',
  viewProject: 'View project',
} as const

export const projects: ProjectContent[] = [
  {
    slug: 'esp32-gauges',
    path: '/projects/esp32-gauges',
    icon: 'gauge',
    title: 'ESP32 Gauges',
    description: 'Compact digital automotive gauges: a small round display driven by an ESP32 that reads engine data and shows it clearly at a glance.',
    github: 'esp32Gauges',
    intro:
      'A compact digital gauge that fits a standard 52 mm gauge pod. An ESP32 microcontroller reads the vehicle’s sensors or its diagnostic port and draws smooth, legible dials on a round colour display.',
    sections: [
      {
        heading: 'Why we built it',
        paragraphs: [
          'Classic and modified cars often need more instruments than the dashboard offers: boost, oil temperature, air–fuel ratio. Analogue gauges are expensive, one reading each, and hard to read at night. A single programmable display can show whichever reading matters now.',
        ],
      },
      {
        heading: 'What it does',
        paragraphs: ['The firmware samples the inputs, filters the readings and redraws only the parts of the screen that change, so the needle moves smoothly without flicker.'],
        items: ['Analogue sensor inputs and OBD-II data', 'Several gauge faces, chosen with one button', 'Warning thresholds with colour changes', 'Brightness that follows the vehicle’s lights', 'Settings adjustable over Wi-Fi from a phone'],
      },
      {
        heading: 'Engineering notes',
        paragraphs: [
          'The enclosure was designed in CAD around the display and a 3D-printed bezel, and the board was laid out to survive the electrical noise and temperature swings of an engine bay. The same approach to robust, connected instruments is available to clients through our API and firmware work.',
        ],
      },
    ],
  },
  {
    slug: 'bonenet',
    path: '/projects/bonenet',
    icon: 'radio',
    title: 'BoneNet',
    description: 'Radio mesh firmware: small battery-powered nodes that pass messages to each other across sites with no mobile signal or Wi-Fi.',
    github: 'bonenet',
    intro:
      'BoneNet is firmware for low-power radio nodes that form a self-healing mesh. Each node relays messages for its neighbours, so a network can cover farms, quarries or construction sites far beyond the range of a single radio.',
    sections: [
      {
        heading: 'The problem',
        paragraphs: ['Many of the places our clients work have no mobile coverage. Sensors on a silo, a pump or a gate still need to report, and people on site still need to send a short message.'],
      },
      {
        heading: 'How it works',
        paragraphs: ['Nodes discover their neighbours, learn routes from the traffic they hear and forward messages hop by hop. When a node disappears, the mesh finds another way round.'],
        items: ['Self-forming and self-healing routing', 'Acknowledged delivery with retries', 'Low-power sleep schedules for battery nodes', 'Encrypted payloads', 'A gateway node that bridges the mesh to the internet when one connection is available'],
      },
      {
        heading: 'Where it is heading',
        paragraphs: ['We use BoneNet to collect test data from remote equipment and to prototype connected products for clients. Contributions and bug reports are welcome on GitHub.'],
      },
    ],
  },
]

function findProject(slug: ProjectContent['slug']): ProjectContent {
  const project = projects.find((p) => p.slug === slug)
  if (!project) throw new Error(`No content for project ${slug}`)
  return project
}

/** Everything a project page shows, with its GitHub address looked up in lib/site.ts. */
export function projectPageContent(slug: ProjectContent['slug']) {
  const { icon, title, intro, sections, github } = findProject(slug)
  return { icon, title, intro, sections, githubUrl: site.github[github] }
}

export type ProjectPageContent = ReturnType<typeof projectPageContent>
