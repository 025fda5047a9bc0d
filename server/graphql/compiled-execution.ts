import { useGraphQlJit } from '@envelop/graphql-jit'
import type { ExecutionResult, GraphQLError, Source } from 'graphql'
import { createGraphQLError, type Plugin } from 'graphql-yoga'

/** The offset in `body` of a 1-based line and column. */
function positionOf(body: string, { line, column }: { line: number; column: number }): number {
  let offset = 0
  for (let l = 1; l < line; l++) {
    const next = body.indexOf('\n', offset)
    if (next === -1) break
    offset = next + 1
  }
  return offset + column - 1
}

/**
 * graphql-jit's errors carry their `locations` but not the source positions they came from, and Yoga
 * rebuilds every error from its nodes or positions when it writes the answer, so they would lose
 * them. The error is made again with the document's source and positions.
 */
function withPositions(error: GraphQLError, source: Source): GraphQLError {
  if (error.positions?.length || !error.locations?.length) return error
  return createGraphQLError(error.message, {
    source,
    positions: error.locations.map((location) => positionOf(source.body, location)),
    path: error.path,
    originalError: error.originalError ?? undefined,
    extensions: error.extensions,
  })
}

/** A document runs on the generic executor this many times before it is compiled. */
const COMPILE_FROM_EXECUTION = 3

/**
 * Queries and mutations that a client repeats run as code compiled once per document (graphql-jit)
 * rather than walked by the generic executor field by field: the compiled form is kept beside the
 * parsed document Yoga caches by its text. Compiling costs more than a few executions, so a document
 * is compiled from its third execution on; one-off documents never are. Subscriptions (the chat's
 * streams) keep the generic executor. Must come before the error masking, which reads the positions
 * it restores.
 */
export function useCompiledExecution(): Plugin {
  const executions = new WeakMap<object, number>()
  const { onExecute } = useGraphQlJit(
    {},
    {
      enableIf: ({ document }) => {
        const count = (executions.get(document) ?? 0) + 1
        executions.set(document, count)
        return count >= COMPILE_FROM_EXECUTION
      },
    },
  )
  return {
    onExecute(payload) {
      // With a synchronous enableIf, graphql-jit's hook chooses the executor before it returns.
      void onExecute!(payload as never)
      const source = payload.args.document.loc?.source
      return {
        onExecuteDone({ result, setResult }) {
          const errors = (result as ExecutionResult).errors
          if (!source || !errors?.length) return
          setResult({ ...(result as ExecutionResult), errors: errors.map((error) => withPositions(error, source)) })
        },
      }
    },
  }
}
