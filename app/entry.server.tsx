import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { publicInlineScripts } from "./client/inline-scripts";
import { allowInlineScripts } from "./client/inline-scripts.server";
import { prerenderSiteFooter } from "./components/site-footer";
import { prerenderSiteHeader } from "./components/site-header";
import { wantsHydration } from "./lib/route-handle";
import { getConfig } from "./server/config.server";
import { noteRequestError, reportError } from "./server/error-reporting.server";
import { errorFields, log } from "./server/log.server";
import { cspNonceContext, requestReportContext } from "./server/request-context.server";

/**
 * Two ways to render a document:
 *
 * - Public pages are never hydrated and suspend nowhere: one synchronous `renderToStaticMarkup`
 *   (the stream's HTML without the markers only hydration reads: `<!-- -->` between adjacent
 *   texts, Suspense comments; 1.7 KB of a calculator result), with the doctype the stream adds and
 *   no stream to pipe, about 1 ms cheaper a page; the HTML cache stores it in one piece anyway.
 *   Their header and footer are rendered here once, when this bundle loads (app/lib/shell-markup.tsx).
 * - Hydrated pages (the staff area) keep React Router's default Node entry (renderToPipeableStream,
 *   all content at once for bots).
 *
 * Both follow the script policy of decision 0008:
 *
 * - Public pages (shared by the HTML cache) carry only constant inline scripts, allowed by hash:
 *   their hashes are published here, from the same strings app/root.tsx renders, for the
 *   security-headers middleware. Nothing per response is written into their HTML.
 * - Hydrated pages (the staff area) get this response's nonce on every script React Router and
 *   React write (`<ServerRouter nonce>` is the default of `<Scripts>`, `<ScrollRestoration>` and
 *   the streamed data; `renderToPipeableStream`'s for React's own).
 */
allowInlineScripts(publicInlineScripts(getConfig().GA_MEASUREMENT_ID ?? null));
prerenderSiteHeader(renderToStaticMarkup);
prerenderSiteFooter(renderToStaticMarkup);

export const streamTimeout = 5_000;

const utf8 = new TextEncoder();

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  if (!hydrated(routerContext)) {
    // A render error throws here, as onShellError rejected: React Router renders the error page.
    const html = renderToStaticMarkup(<ServerRouter context={routerContext} url={request.url} />);
    responseHeaders.set("Content-Type", "text/html");
    // Bytes, not a string: Response would first check the whole string for lone surrogates.
    return new Response(utf8.encode(`<!DOCTYPE html>${html}`), {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  }
  const nonce = loadContext.get(cspNonceContext) ?? undefined;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots (and SPA mode) wait for all content before the response starts.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    // Abort the rendering stream after `streamTimeout`, leaving time to flush rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
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
          // Errors while rendering the shell reject and are reported by handleError.
          if (!shellRendered) return;
          log.error(errorFields(error), "Error while streaming a page");
          // The 200 has gone: this error is reported on its own, not with a 5xx answer.
          reportError(error, { route: loadContext.get(requestReportContext)?.route });
        },
      },
    );
  });
}

/** Whether this document is a React app in the browser: the same rule app/root.tsx applies. */
function hydrated(context: EntryContext): boolean {
  return wantsHydration(
    context.staticHandlerContext.matches.map((match) => ({ handle: context.routeModules[match.route.id]?.handle })),
  );
}

/**
 * Loader, action and render errors, in the server's log. An aborted request is not an error, nor
 * is a refusal the router answers itself (405 for a method a route has no action for, 404): noted
 * at info, so error lines are the server's faults.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.info({ status: error.status, method: request.method, path: new URL(request.url).pathname }, "Request refused");
    return;
  }
  log.error({ ...errorFields(error), path: new URL(request.url).pathname }, "Unhandled error while handling a request");
  // Reported by the server entry once the answer's status is known: a 5xx, not a refused request.
  noteRequestError(context.get(requestReportContext), error);
};
