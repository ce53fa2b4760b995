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
 * Public pages (never hydrated) render with one synchronous renderToStaticMarkup and carry only inline
 * scripts allowed by hash; hydrated staff pages stream, each script with this response's nonce (decision 0008).
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
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
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

function hydrated(context: EntryContext): boolean {
  return wantsHydration(
    context.staticHandlerContext.matches.map((match) => ({ handle: context.routeModules[match.route.id]?.handle })),
  );
}

/** Aborted requests and the router's own refusals (404, 405) are not errors: error lines are our faults. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.info({ status: error.status, method: request.method, path: new URL(request.url).pathname }, "Request refused");
    return;
  }
  log.error({ ...errorFields(error), path: new URL(request.url).pathname }, "Unhandled error while handling a request");
  noteRequestError(context.get(requestReportContext), error);
};
