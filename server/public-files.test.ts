import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { publicFiles } from "./public-files";

describe("publicFiles", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "public-files-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("lists every file as its URL path, nested ones too, but not assets/ or folders", () => {
    for (const file of ["favicon.svg", "images/og/farms.png", "images/logo.svg", "assets/app-1234.css"]) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), "x");
    }
    expect([...publicFiles(dir)].sort()).toEqual(["/favicon.svg", "/images/logo.svg", "/images/og/farms.png"]);
  });
});
