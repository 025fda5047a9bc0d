import { Kind, type FragmentDefinitionNode, type GraphQLNamedType, type GraphQLOutputType, type SelectionSetNode, type ValidationRule } from 'graphql'
import { createGraphQLError } from 'graphql-yoga'

export interface QueryLimits {
  maxDepth: number
  maxAliases: number
  maxCost: number
  /** A list field multiplies the cost of what it selects by this. */
  listFactor: number
}

export const defaultQueryLimits: QueryLimits = { maxDepth: 6, maxAliases: 15, maxCost: 2000, listFactor: 10 }

interface Measure {
  depth: number
  aliases: number
  cost: number
}

// Types are inspected by shape, not with graphql's instanceof helpers: a test runner may load graphql
// twice (ESM and CommonJS), and instanceof across the copies fails.
type Composite = GraphQLNamedType | undefined
const fieldsOf = (type: Composite) =>
  type && 'getFields' in type && typeof type.getFields === 'function' ? (type.getFields() as Record<string, { type: GraphQLOutputType }>) : undefined
const isListOutput = (type: GraphQLOutputType) => String(type).replace(/!$/, '').startsWith('[')
const namedTypeName = (type: GraphQLOutputType) => String(type).replace(/[[\]!]/g, '')

/**
 * One validation rule for the three limits: depth (fields nested), aliases, and a cost where each field
 * costs 1 and a list multiplies its children by `listFactor`. Fragments are followed (each at most once
 * per path, so a cycle cannot loop; the GraphQL specification's NoFragmentCycles rule reports cycles).
 */
export function queryLimitsRule(limits: QueryLimits = defaultQueryLimits): ValidationRule {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>()
    for (const def of context.getDocument().definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def)
    const schema = context.getSchema()

    function measure(selectionSet: SelectionSetNode, parent: Composite, seen: Set<string>): Measure {
      const total: Measure = { depth: 0, aliases: 0, cost: 0 }
      for (const selection of selectionSet.selections) {
        let m: Measure
        if (selection.kind === Kind.FIELD) {
          const fieldType = fieldsOf(parent)?.[selection.name.value]?.type
          const isList = fieldType ? isListOutput(fieldType) : false
          const named = fieldType ? schema.getType(namedTypeName(fieldType)) : undefined
          const child = selection.selectionSet
            ? measure(selection.selectionSet, named ?? undefined, seen)
            : { depth: 0, aliases: 0, cost: 0 }
          m = {
            depth: child.depth + 1,
            aliases: child.aliases + (selection.alias ? 1 : 0),
            cost: 1 + child.cost * (isList ? limits.listFactor : 1),
          }
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          const typed = selection.typeCondition ? (schema.getType(selection.typeCondition.name.value) ?? undefined) : parent
          m = measure(selection.selectionSet, typed, seen)
        } else {
          const name = selection.name.value
          const fragment = fragments.get(name)
          if (!fragment || seen.has(name)) continue
          const typed = schema.getType(fragment.typeCondition.name.value) ?? undefined
          m = measure(fragment.selectionSet, typed, new Set([...seen, name]))
        }
        total.depth = Math.max(total.depth, m.depth)
        total.aliases += m.aliases
        total.cost += m.cost
      }
      return total
    }

    return {
      OperationDefinition(node) {
        const root =
          node.operation === 'query' ? schema.getQueryType() : node.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType()
        const m = measure(node.selectionSet, root ?? undefined, new Set())
        if (m.depth > limits.maxDepth) context.reportError(createGraphQLError(`Query is too deep (${m.depth} levels; the limit is ${limits.maxDepth})`, { nodes: [node] }))
        if (m.aliases > limits.maxAliases) context.reportError(createGraphQLError(`Too many aliases (${m.aliases}; the limit is ${limits.maxAliases})`, { nodes: [node] }))
        if (m.cost > limits.maxCost) context.reportError(createGraphQLError(`Query is too expensive (cost ${m.cost}; the limit is ${limits.maxCost})`, { nodes: [node] }))
      },
    }
  }
}

/** Refuses __schema and __type (introspection) where it is switched off. */
export const noIntrospectionRule: ValidationRule = (context) => ({
  Field(node) {
    const name = node.name.value
    if (name === '__schema' || name === '__type') {
      context.reportError(createGraphQLError('GraphQL introspection is disabled', { nodes: [node] }))
    }
  },
})
