import type { IncomingMessage } from 'node:http'
import { GraphQLError, type DocumentNode, type ExecutionArgs, type GraphQLSchema } from 'graphql'
import type { Disposable } from 'graphql-ws'
import { useServer } from 'graphql-ws/use/ws'
import { WebSocketServer } from 'ws'
import { resolveActor } from '../auth/resolve-actor'
import type { AppContext } from '../context/app-context'
import { INVALID_TEXT_MESSAGE, jsonHasInvalidText } from '../http/invalid-text'
import type { ServerPlugin } from '../http/plugin'
import { isSiteOrigin } from '../http/site-origin'

/** The part of a Yoga instance graphql-ws needs (Yoga's "graphql-ws" recipe). */
export interface EnvelopedGraphql {
  getEnveloped(initialContext: Record<string, unknown>): {
    schema: GraphQLSchema
    parse(source: string): DocumentNode
    validate(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[]
    contextFactory(): Promise<Record<string, unknown>> | Record<string, unknown>
    execute(args: ExecutionArgs): unknown
    subscribe(args: ExecutionArgs): unknown
  }
}

export interface RealtimePluginOptions {
  /** The GraphQL server whose schema, limits and context the socket shares with POST /graphql. */
  graphql(ctx: AppContext): EnvelopedGraphql | undefined
  path?: string
}

interface RealtimeService {
  wss: WebSocketServer
  server: Disposable
}

const SERVICE = 'realtime'
/** Server pings keep idle sockets alive through proxies; the browser also pings, every 5 s. */
const SERVER_KEEP_ALIVE_MS = 12_000
const MAX_MESSAGE_BYTES = 64 * 1024

/**
 * GraphQL subscriptions over WebSocket (graphql-ws) on the HTTP server's own port. The socket is
 * authenticated from the session cookie of the upgrade request, checked again on every subscribe,
 * and a browser socket must come from this site (a cookie-authenticated socket from another origin
 * would let that site read the user's chat).
 */
export function createRealtimePlugin(options: RealtimePluginOptions): ServerPlugin {
  const path = options.path ?? '/graphql'
  return {
    name: 'realtime',
    setup(ctx) {
      const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
      const server = useServer(
        {
          connectionInitWaitTimeout: 15_000,
          execute: (args) => (args.rootValue as { execute(a: ExecutionArgs): never }).execute(args),
          subscribe: (args) => (args.rootValue as { subscribe(a: ExecutionArgs): never }).subscribe(args),
          onSubscribe: async (socketCtx, _id, payload) => {
            // The same rule as HTTP input at the edge (server/http/invalid-text.ts), for socket messages.
            if (jsonHasInvalidText(payload)) return [new GraphQLError(INVALID_TEXT_MESSAGE, { extensions: { code: 'BAD_REQUEST' } })]
            const request = socketCtx.extra.request
            const headers = toHeaders(request)
            const actor = await resolveActor({ headers })
            const webRequest = new Request(`${ctx.env.publicUrl}${path}`, { headers })
            const graphql = options.graphql(ctx)
            if (!graphql) return [new GraphQLError('The GraphQL API is not available.')]
            const { schema, execute, subscribe, contextFactory, parse, validate } = graphql.getEnveloped({
              ...socketCtx,
              request: webRequest,
              req: request,
              socket: socketCtx.extra.socket,
              params: payload,
              actor,
            })
            let document: DocumentNode
            try {
              document = parse(payload.query)
            } catch (error) {
              return [error as GraphQLError]
            }
            const errors = validate(schema, document)
            if (errors.length) return errors
            const contextValue = { ...(await contextFactory()), actor }
            return {
              schema,
              document,
              operationName: payload.operationName,
              variableValues: payload.variables ?? undefined,
              contextValue,
              rootValue: { execute, subscribe },
            }
          },
        },
        wss,
        SERVER_KEEP_ALIVE_MS,
      )
      ctx.services[SERVICE] = { wss, server } satisfies RealtimeService
    },
    upgrade(req, socket, head, ctx) {
      const url = new URL(req.url ?? '/', 'http://localhost')
      if (url.pathname !== path) return false
      const service = ctx.services[SERVICE] as RealtimeService | undefined
      if (!service || !isSameOrigin(req, ctx.env.PUBLIC_URL)) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
        return true
      }
      service.wss.handleUpgrade(req, socket, head, (ws) => service.wss.emit('connection', ws, req))
      return true
    },
    // Open sockets keep the HTTP server from closing: end them as soon as shutdown starts. Clients
    // see code 1001 and reconnect (to another instance behind a load balancer).
    async drain(ctx) {
      const service = ctx.services[SERVICE] as RealtimeService | undefined
      if (!service) return
      for (const client of service.wss.clients) client.close(1001, 'Server shutting down')
      await service.server.dispose()
      await new Promise<void>((resolve) => service.wss.close(() => resolve()))
      for (const client of service.wss.clients) client.terminate()
    },
  }
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
  }
  return headers
}

/** A browser always sends Origin on a WebSocket; it must be this site's (server/http/site-origin.ts). */
function isSameOrigin(req: IncomingMessage, publicUrl: string | undefined): boolean {
  const origin = req.headers.origin
  if (!origin) return true
  return isSiteOrigin(origin, { publicUrl, host: req.headers.host })
}
