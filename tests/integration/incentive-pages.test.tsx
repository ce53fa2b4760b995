import { eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import IncentivesPage, { loader as incentivesLoader } from "~/routes/incentives";
import PolicyWatchPage, { loader as policyLoader } from "~/routes/policy-watch";
import type { DatabaseHandle } from "~/server/db/client.server";
import { useDatabaseForTests } from "~/server/db/db.server";
import { incentives } from "~/server/db/schema";
import { seedDatabase } from "~/server/db/seed.server";
import { getHtmlCache } from "~/server/html-cache.server";
import { log } from "~/server/log.server";
import { requestContext } from "~/server/request-context.server";
import { closedDatabase, openMigrated, pgliteTarget } from "./db-targets";
import { unwrap } from "./loader-result";

type LoaderArgs = Parameters<typeof incentivesLoader>[0];
const args = (url: string) =>
  ({ request: new Request(url), params: {}, context: requestContext("203.0.113.1") }) as unknown as LoaderArgs;

/** Renders a route component with the given loader data, as the server would. */
function render(Component: React.ComponentType<{ loaderData: unknown }>, loaderData: unknown) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <Component loaderData={loaderData} /> }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

describe("incentive pages with an empty database", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(pgliteTarget);
    useDatabaseForTests(handle);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("shows No incentives available at this time. without filters, and the filter text with one", async () => {
    const plain = unwrap(await incentivesLoader(args("http://localhost/incentives"))).page;
    expect(render(IncentivesPage as never, plain)).toContain("No incentives available at this time.");
    const filtered = unwrap(await incentivesLoader(args("http://localhost/incentives?type=State"))).page;
    expect(render(IncentivesPage as never, filtered)).toContain("No incentives found matching your criteria.");
  });
});

describe("incentive pages with the seeded records", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(pgliteTarget);
    useDatabaseForTests(handle);
    await seedDatabase(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("label a placed-in-service deadline In service by, and a program's own end Available through", async () => {
    const federal = unwrap(await incentivesLoader(args("http://localhost/incentives?type=Federal"))).page;
    const html = render(IncentivesPage as never, federal);
    expect(html).toContain("In service by December 31, 2027");
    expect(html).not.toContain("Available through December 31, 2027");
    // An editor marks what an end date means: the same date reads as the program's own end without it.
    const [row] = await handle.db
      .select()
      .from(incentives)
      .where(eq(incentives.slug, "clean-electricity-investment-credit"));
    expect(row?.endKind).toBe("in-service");
    await handle.db
      .update(incentives)
      .set({ endKind: null })
      .where(eq(incentives.slug, "clean-electricity-investment-credit"));
    getHtmlCache().clear();
    const plain = unwrap(await incentivesLoader(args("http://localhost/incentives?type=Federal"))).page;
    expect(render(IncentivesPage as never, plain)).toContain("Available through December 31, 2027");
    // Policy Watch's update on the 2025 law says the same: a placed-in-service deadline.
    const watch = unwrap(await policyLoader(args("http://localhost/policy-watch") as never)).page;
    const watchHtml = render(PolicyWatchPage as never, watch);
    expect(watchHtml).toContain("In service by December 31, 2027");
    expect(watchHtml).not.toContain("Available through December 31, 2027");
  });
});

describe("incentive pages when the database fails", () => {
  it("log, show the spec's texts, and are never cached", async () => {
    const broken = closedDatabase();
    useDatabaseForTests(broken);
    const error = vi.spyOn(log, "error").mockImplementation(() => {});
    try {
      const incentives = unwrap(await incentivesLoader(args("http://localhost/incentives")));
      expect(new Headers(incentives.init?.headers).get("Cache-Control")).toBe("private, no-store");
      expect(error).toHaveBeenCalledWith({ err: expect.anything() }, "Error loading incentives");

      const policy = unwrap(await policyLoader(args("http://localhost/policy-watch") as never));
      expect(new Headers(policy.init?.headers).get("Cache-Control")).toBe("private, no-store");
      const html = render(PolicyWatchPage as never, policy.page);
      expect(html).toContain("Error loading policy updates");
      expect(html).toContain("Please try again later");
    } finally {
      error.mockRestore();
    }
  });
});
