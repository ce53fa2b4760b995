import { isRouteErrorResponse } from "react-router";
import { NotFoundContent } from "./not-found-content";
import { ServiceUnavailableContent } from "./service-unavailable-content";
import { AccessDenied } from "./staff/access-denied";
import { Container } from "./ui/container";

export function RouteErrorContent({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  // The staff guard's refusal: its middleware runs before any staff loader.
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDenied />;
  // Database down (decision 0015): say that nothing sent was received.
  if (isRouteErrorResponse(error) && error.status === 503) return <ServiceUnavailableContent />;
  // On the server, app/entry.server.tsx's handleError has logged it already.
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  return (
    <Container className="py-20 text-center">
      <h1 className="text-4xl font-bold text-navy-900">Something went wrong</h1>
      <p className="mt-4 text-lg text-slate-700">
        We could not load this page. Please try again in a moment, or call us at the number below.
      </p>
      <p className="mt-8">
        <a href="/" className="font-semibold text-navy-800 underline underline-offset-4">
          Return to the home page
        </a>
      </p>
    </Container>
  );
}
