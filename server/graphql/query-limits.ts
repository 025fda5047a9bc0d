import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isListType,
  isObjectType,
  isInterfaceType,
  Kind,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLOutputType,
  type SelectionSetNode,
  type ValidationRule,
} from 'graphql'

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

/**
 * One validation rule for the three limits: depth (fields nested), aliases, and a cost where each field
 * costs 1 and a list multiplies its children by `listFactor`. Fragments are followed (each at most once
 * per path, so a cycle cannot loop; the spec's NoFragmentCycles rule reports cycles).
 */
export function queryLimitsRule(limits: QueryLimits = defaultQueryLimits): ValidationRule {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>()
    for (const def of context.getDocument().definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def)
    const schema = context.getSchema()

    function measure(selectionSet: SelectionSetNode, parent: GraphQLCompositeType | undefined, seen: Set<string>): Measure {
      const total: Measure = { depth: 0, aliases: 0, cost: 0 }
      for (const selection of selectionSet.selections) {
        let m: Measure
        if (selection.kind === Kind.FIELD) {
          const fieldType: GraphQLOutputType | undefined =
            parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[selection.name.value]?.type : undefined
          const isList = fieldType ? isListType(getNullableType(fieldType)) : false
          const named = fieldType ? getNamedType(fieldType) : undefined
          const child = selection.selectionSet
            ? measure(selection.selectionSet, named as GraphQLCompositeType | undefined, seen)
            : { depth: 0, aliases: 0, cost: 0 }
          m = {
            depth: child.depth + 1,
            aliases: child.aliases + (selection.alias ? 1 : 0),
            cost: 1 + child.cost * (isList ? limits.listFactor : 1),
          }
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          const typed = selection.typeCondition ? (schema.getType(selection.typeCondition.name.value) as GraphQLCompositeType | undefined) : parent
          m = measure(selection.selectionSet, typed, seen)
        } else {
          const name = selection.name.value
          const fragment = fragments.get(name)
          if (!fragment || seen.has(name)) continue
          const typed = schema.getType(fragment.typeCondition.name.value) as GraphQLCompositeType | undefined
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
        if (m.depth > limits.maxDepth) context.reportError(new GraphQLError(`Query is too deep (${m.depth} levels; the limit is ${limits.maxDepth})`, { nodes: [node] }))
        if (m.aliases > limits.maxAliases) context.reportError(new GraphQLError(`Too many aliases (${m.aliases}; the limit is ${limits.maxAliases})`, { nodes: [node] }))
        if (m.cost > limits.maxCost) context.reportError(new GraphQLError(`Query is too expensive (cost ${m.cost}; the limit is ${limits.maxCost})`, { nodes: [node] }))
      },
    }
  }
}
