import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { describe, expect, it } from "vitest";
import type { AppDatabase } from "../db/client.server";
import * as schema from "../db/schema";
import { matchedRows, pageRowsQuery } from "./paging.server";

const db = drizzle.mock({ schema }) as unknown as AppDatabase;

describe("paged list SQL", () => {
  it("fences the matching rows with offset 0, so PostgreSQL ranks them before the count's window", () => {
    const rows = matchedRows(db, schema.incentives, {
      match: sql`true`,
      filters: [],
      keys: [{ value: sql`${schema.incentives.priority}` }],
    });
    const query = pageRowsQuery(db, schema.incentives, rows, 24, 48).toSQL();
    // The subquery "matched" ends with its fence; the page's own limit and offset stay parameters.
    expect(query.sql).toMatch(/ offset 0\) "matched"/);
    expect(query.sql).toMatch(/limit \$\d+ offset \$\d+\) "chosen"/);
    expect(query.params).toEqual(expect.arrayContaining([24, 48]));
  });
});
