import { exampleCategories, type ExampleCategory } from '../../../content/examples/types'

export type ExampleFilter = 'all' | ExampleCategory

/** The filter named by the ?category= query value; anything unknown shows all projects. */
export function parseExampleFilter(value: string | null | undefined): ExampleFilter {
  const upper = value?.toUpperCase()
  return exampleCategories.find((c) => c === upper) ?? 'all'
}

export const filterButtons: { filter: ExampleFilter; label: string }[] = [
  { filter: 'all', label: 'All Projects' },
  { filter: 'CFD', label: 'CFD' },
  { filter: 'FEA', label: 'FEA' },
  { filter: 'CAD', label: 'CAD' },
]
