import { PassThrough } from "node:stream";

import type { EntryContext, RouterContextProvider } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { createContext, ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { deferHydrationInPage } from "../server/http/defer-hydration";
import { logRequestError } from "../server/http/log-request-error";

export const streamTimeout = 5_000;

/**
 * The Content-Security-Policy nonce of this request (server/http/content-security-policy.ts), set by
 * the server in the request's context. The server reads this object from the built entry module, since
 * the build has its own copy of every module it imports. Prerendered pages have none (empty): their
 * scripts are allowed by hashes taken at build time.
 */
export const nonceContext = createContext<string>("");

/**
 * A loader or action that throws is logged through the server's log, whose error serializer leaves out
 * the values a failed database query carried (React Router would print the whole error to stderr).
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (!request.signal.aborted) logRequestError(error, request);
}

/**
 * A public page rendered per request whose route's handle has `deferHydration: true` is sent whole,
 * its framework started after its first contentful paint, as prerendered pages are (see
 * server/http/defer-hydration.ts).
 */
function defersHydration(context: EntryContext): boolean {
  return context.staticHandlerContext.matches.some(
    (match) => (context.routeModules[match.route.id]?.handle as { deferHydration?: boolean } | undefined)?.deferHydration === true,
  );
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(nonceContext) || undefined;
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const deferred = defersHydration(routerContext);
    const readyOption: keyof RenderToPipeableStreamOptions =
      deferred || (userAgent && isbot(userAgent)) || routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // A page sent whole keeps each finished Suspense boundary in place. React otherwise moves a
        // large one to the end of the page, to be put in place by a script, which a browser without
        // JavaScript never runs (the contact form would stay hidden).
        progressiveChunkSize: deferred ? Number.POSITIVE_INFINITY : undefined,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          // The default entry omits the charset.
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");

          if (deferred) {
            const chunks: Buffer[] = [];
            body.on("error", reject);
            body.on("data", (chunk: Buffer) => chunks.push(chunk));
            body.on("end", () => {
              let html = Buffer.concat(chunks).toString("utf8");
              try {
                html = deferHydrationInPage(html);
              } catch (error) {
                // The page still works as React Router wrote it; the log says why it was not deferred.
                logRequestError(error, request);
              }
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
            });
            pipe(body);
            return;
          }
          const stream = createReadableStreamFromReadable(body);

          pipe(body);

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) logRequestError(error, request);
        },
      },
    );
  });
}
