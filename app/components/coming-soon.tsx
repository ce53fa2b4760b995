import { Construction } from "lucide-react";
import { LinkButton } from "./ui/button";
import { Container } from "./ui/container";

/**
 * An honest placeholder for a page whose full content is still being built. It says so, and
 * offers the next step that already works.
 */
export function ComingSoon({ title, summary }: { title: string; summary: string }) {
  return (
    <Container className="py-20">
      <div className="mx-auto max-w-2xl text-center">
        <Construction aria-hidden="true" className="mx-auto size-10 text-sun-700" />
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-navy-900">{title}</h1>
        <p className="mt-4 text-lg text-slate-700">{summary}</p>
        <p className="mt-2 text-slate-600">
          This page is being completed. In the meantime an advisor can help you directly.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <LinkButton to="/submit-bill" size="lg">
            Get My Custom Solar Quote
          </LinkButton>
          <LinkButton to="/" size="lg" variant="outline">
            Back to Home
          </LinkButton>
        </div>
      </div>
    </Container>
  );
}
