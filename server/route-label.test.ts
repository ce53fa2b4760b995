import { describe, expect, it } from "vitest";
import { routeManifestOfApp } from "../tests/integration/route-manifest";
import { createRouteLabeler, UNMATCHED } from "./route-label";

describe("createRouteLabeler on the app's routes", () => {
  const label = createRouteLabeler(routeManifestOfApp());

  it.each([
    ["/", "/"],
    ["/about", "/about"],
    ["/About", "/about"],
    ["/%61bout", "/about"],
    ["/incentives/states", "/incentives/states"],
    ["/incentives/states/tx", "/incentives/states/:state"],
    ["/admin", "/admin"],
    ["/admin/leads/board", "/admin/leads/board"],
    ["/admin/leads/export.csv", "/admin/leads/export.csv"],
    ["/admin/leads/bill/7d3c", "/admin/leads/:kind/:id"],
    ["/admin/content/incentives/new", "/admin/content/:kind/:id"],
    ["/api/auth/sign-in/email", "/api/auth/*"],
    ["/farms", "/farms"],
    ["/about.data", "/about.data"],
    ["/_root.data", "/_root.data"],
    ["/no/such/page", UNMATCHED],
    ["/%zz", UNMATCHED],
  ])("labels %s as %s", (path, expected) => {
    expect(label(path)).toBe(expected);
  });

  it("gives the same answer from memory as when it first matched", () => {
    expect([label("/incentives/states/ca"), label("/incentives/states/ca")]).toEqual([
      "/incentives/states/:state",
      "/incentives/states/:state",
    ]);
  });
});
